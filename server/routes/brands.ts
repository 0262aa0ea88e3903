import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'

export function brandsRouter() {
  const app = new Hono<AppEnv>()

  // GET /api/brands/static-offers – the public offers list
  app.get('/static-offers', async (c) => c.json({ pages: await c.var.services.brands.listOffers() }))

  // GET /api/brands/:brandId – one brand page (also read by the click flow)
  app.get('/:brandId', async (c) => c.json(await c.var.services.brands.getBrandPageOrThrow(c.req.param('brandId'))))

  return app
}
