import { Hono } from 'hono'
import * as z from 'zod'
import type { AppEnv } from '../app.ts'
import { validate } from '../validate.ts'

const rangeQuery = z.object({ from: z.string().max(10).optional(), to: z.string().max(10).optional() })

export function reportsRouter() {
  const app = new Hono<AppEnv>()

  // GET /api/reports/brands?from&to – figures per brand over a range of days
  app.get('/brands', validate('query', rangeQuery), async (c) => c.json(await c.var.services.reports.brands(c.req.valid('query'))))

  // GET /api/reports/brands/:id?from&to – one brand's figures, day by day
  app.get('/brands/:id', validate('query', rangeQuery), async (c) => c.json(await c.var.services.reports.brand(c.req.param('id'), c.req.valid('query'))))

  return app
}
