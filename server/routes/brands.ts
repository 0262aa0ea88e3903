import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../app.ts'
import { AppError } from '../errors.ts'
import { readMultipartForm } from '../multipart.ts'
import { parseBrandForm } from '../services/brand-admin.ts'

// two images of at most 5 MB each, plus the JSON fields
const brandBodyLimit = bodyLimit({ maxSize: 12 * 1024 * 1024, onError: (c) => c.json({ message: 'Request body is larger than 12 MB' }, 413) })

async function formOf(req: Request) {
  if (!(req.headers.get('content-type') ?? '').includes('multipart/form-data')) throw new AppError('unsupported_media_type', 'Send the brand as multipart/form-data')
  try {
    return await readMultipartForm(req) // files keep the type their part declared, not one guessed from the name
  } catch {
    throw new AppError('bad_request', 'Malformed multipart body')
  }
}

export function brandsRouter() {
  const app = new Hono<AppEnv>()

  // GET /api/brands/static-offers – the public offers list
  app.get('/static-offers', async (c) => c.json({ pages: await c.var.services.brands.listOffers() }))

  // GET /api/brands/static-offers-admin – every brand page with every field, for the brand admin
  app.get('/static-offers-admin', async (c) => {
    c.header('Cache-Control', 'no-store')
    const [pages, checks] = await Promise.all([c.var.services.brandAdmin.listAdmin(), c.var.services.links.last()])
    return c.json({ pages: pages.map((p) => ({ ...p, linkCheck: checks.get(p._id) ?? null })) })
  })

  // GET /api/brands/:brandId – one brand page (also read by the click flow)
  app.get('/:brandId', async (c) => c.json(await c.var.services.brands.getBrandPageOrThrow(c.req.param('brandId'))))

  // POST /api/brands – create a brand page from the spec's multipart form
  app.post('/', brandBodyLimit, async (c) => c.json(await c.var.services.brandAdmin.create(parseBrandForm(await formOf(c.req.raw))), 201))

  // PUT /api/brands/:id – replace a brand page (images only when a new file or link is sent)
  app.put('/:id', brandBodyLimit, async (c) => c.json(await c.var.services.brandAdmin.update(c.req.param('id'), parseBrandForm(await formOf(c.req.raw)))))

  // DELETE /api/brands/:id – delete a brand page, and its images when nothing else uses them
  app.delete('/:id', async (c) => {
    await c.var.services.brandAdmin.remove(c.req.param('id'))
    return c.json({ ok: true })
  })

  return app
}
