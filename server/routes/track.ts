import * as z from 'zod'
import { parsePlacement, SLOT_NAMES } from '../../lib/attribution.ts'
import { idSchema } from '../../lib/schemas.ts'
import { requestMeta } from '../request-meta.ts'
import { createRouter, rule } from '../router.ts'
import { validate } from '../validate.ts'

// what a view beacon may say: the page as `kind:id` and the offer slots it showed (unknown ones dropped)
const viewBody = z.strictObject({ page: z.string().max(120), slots: z.array(z.string().max(40)).max(10).default([]) })

export function trackRouter() {
  const app = createRouter()
  const beacon = rule({ access: 'public', cache: 'no-store', bodyLimit: 1024 })

  // POST /api/track/view – a person viewed a page (pages are cached, so the browser reports it; issue 21):
  // counted once per visitor per page per hour, for the page and each offer slot it showed
  app.post('/view', beacon, validate('json', viewBody), async (c) => {
    const { page, slots } = c.req.valid('json')
    const placement = parsePlacement({ from: page })
    if (placement.page !== 'unknown') await c.var.services.tracker.recordView({ page: placement, slots: slots.filter((s) => (SLOT_NAMES as string[]).includes(s)) }, requestMeta(c))
    return c.body(null, 204)
  })

  // POST /api/track/code-copy – a person copied a brand's bonus code (issue 22): counted per brand and day
  // where it was shown, once per visitor per brand per hour, bots and brands without a code excluded
  app.post('/code-copy', beacon, validate('json', z.strictObject({ brandId: idSchema, from: z.string().max(120).optional(), slot: z.string().max(40).optional(), pos: z.union([z.string().max(4), z.number()]).optional() })), async (c) => {
    const { brandId, from, slot, pos } = c.req.valid('json')
    await c.var.services.tracker.recordCodeCopy(brandId, parsePlacement({ from, slot, pos: pos === undefined ? undefined : String(pos) }), requestMeta(c))
    return c.body(null, 204)
  })

  // POST /api/track/brand-view – a person opened a brand page (the beacon before issue 21; still answered)
  app.post('/brand-view', beacon, validate('json', z.strictObject({ brandId: idSchema })), async (c) => {
    await c.var.services.tracker.recordView({ page: { page: 'brand', pageId: c.req.valid('json').brandId }, slots: [] }, requestMeta(c))
    return c.body(null, 204)
  })

  return app
}
