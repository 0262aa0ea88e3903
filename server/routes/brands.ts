import * as z from 'zod'
import { DEFAULT_MARKET } from '../../lib/markets.ts'
import { brandInMarket } from '../../lib/offer-money.ts'
import { DUE_DAYS } from '../../lib/offer-lifecycle.ts'
import { AppError } from '../errors.ts'
import { validate } from '../validate.ts'
import { createRouter, rule } from '../router.ts'
import { readMultipartForm } from '../multipart.ts'
import { parseBrandForm } from '../brands/admin.ts'
import { revisionRoutes } from './revisions.ts'
import { baseVersionOf } from '../editorial/edit-versions.ts'

// two images of at most 5 MB each, plus the JSON fields
const brandWrite = rule({ access: 'editor', bodyLimit: 12 * 1024 * 1024 })

async function formOf(req: Request) {
  if (!(req.headers.get('content-type') ?? '').includes('multipart/form-data')) throw new AppError('unsupported_media_type', 'Send the brand as multipart/form-data')
  try {
    return await readMultipartForm(req) // files keep the type their part declared, not one guessed from the name
  } catch {
    throw new AppError('bad_request', 'Malformed multipart body')
  }
}

export function brandsRouter() {
  const app = createRouter()

  // GET /api/brands/static-offers – the public offers list: the brands available in the visitor's country
  app.get('/static-offers', rule({ access: 'public', cache: 'public', vary: 'country' }), async (c) => c.json({ pages: await c.var.services.brands.listOffers(c.var.country) }))

  // GET /api/brands/static-offers-admin – every brand page with every field, for the brand admin
  app.get('/static-offers-admin', rule({ access: 'editor' }), async (c) => {
    const [pages, checks] = await Promise.all([c.var.services.brandAdmin.listAdmin(), c.var.services.links.last()])
    return c.json({ pages: pages.map((p) => ({ ...p, linkCheck: checks.get(p._id) ?? null })) })
  })

  // GET /api/brands/offers-due?days=7 – offers ending within `days`, ended ones, and facts due a check (issue 22)
  app.get('/offers-due', rule({ access: 'editor' }), validate('query', z.strictObject({ days: z.coerce.number().int().min(1).max(DUE_DAYS.max).optional() })), async (c) =>
    c.json(await c.var.services.brandAdmin.offersDue(c.req.valid('query').days)),
  )

  // GET /api/brands/:id/edit – one brand page of any status with every field, for the brand admin's address of a brand
  app.get('/:id/edit', rule({ access: 'editor' }), async (c) => c.json(await c.var.services.brandAdmin.get(c.req.param('id'))))

  // GET /api/brands/:brandId – one brand page (also read by the click flow)
  // as the default market shows it (issue 34): amounts written in the offer's currency, not the markets' own offers (the admin's /edit answers them as stored)
  app.get('/:brandId', rule({ access: 'public', cache: 'public' }), async (c) => c.json(brandInMarket(await c.var.services.brands.getBrandPageOrThrow(c.req.param('brandId')), DEFAULT_MARKET)))

  // POST /api/brands – create a brand page from the spec's multipart form
  app.post('/', brandWrite, async (c) => c.json(await c.var.services.brandAdmin.create(parseBrandForm(await formOf(c.req.raw))), 201))

  // PUT /api/brands/:id – replace a brand page (images only when a new file or link is sent); with If-Match, a newer save is a 409 edit_conflict
  app.put('/:id', brandWrite, async (c) => c.json(await c.var.services.brandAdmin.update(c.req.param('id'), parseBrandForm(await formOf(c.req.raw)), { baseVersion: baseVersionOf(c) })))

  // GET /api/brands/:id/revisions… – the brand page's revisions, a diff between two, restore one (issue 13)
  revisionRoutes(app, 'brand', (services, id, revisionId) => services.brandAdmin.restoreRevision(id, revisionId))

  // DELETE /api/brands/:id – delete a brand page, and its images when nothing else uses them
  app.delete('/:id', rule({ access: 'editor' }), async (c) => {
    await c.var.services.brandAdmin.remove(c.req.param('id'))
    return c.json({ ok: true })
  })

  return app
}
