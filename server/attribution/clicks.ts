import type { ClickRecord, CreateClickBody } from '../../lib/schemas.ts'
import { createClickBodySchema } from '../../lib/schemas.ts'
import type { ClicksRepository } from '../../db/repositories/clicks.ts'
import { DEFAULT_MARKET } from '../../lib/markets.ts'
import { visibleTo } from '../brands/visibility.ts'
import { DuplicateKeyError } from '../../db/port.ts'
import { AppError, notFound } from '../errors.ts'
import { buildClick, type ClickMeta, type Tracker } from './tracker.ts'
import { deviceClass, parseArrival, parsePlacement } from '../../lib/attribution.ts'

export function createClicksService(deps: { clicks: ClicksRepository; now: () => Date; newId: () => string; tracker: Tracker }) {
  return {
    /**
     * POST /api/clicks: the spec's click record (§3) plus the server's receive time and the visitor's
     * country. A brand that may not be shown there is recorded as a blocked click (compliance).
     */
    async record(input: CreateClickBody, meta?: ClickMeta, source: ClickRecord['source'] = 'browser') {
      const body = createClickBodySchema.parse(input)
      const brand = await deps.tracker.brandFor(body.brandId)
      if (!brand) throw notFound('Unknown brandId')
      const receivedAt = deps.now()
      const who = meta ?? { ip: 'unknown', userAgent: body.user_agent ?? '', method: 'POST', device: deviceClass(body.user_agent) }
      const blocked = !visibleTo(brand, { country: who.country ?? null, market: DEFAULT_MARKET, now: receivedAt }).available
      const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null)
      const click = buildClick({
        _id: deps.newId(),
        clickid: body.clickid,
        brandId: body.brandId,
        receivedAt,
        source,
        meta: who,
        seen: deps.tracker.classify(who),
        placement: parsePlacement({ from: text(body.from), slot: text(body.slot), pos: text(body.pos) }),
        arrival: parseArrival(new URLSearchParams(Object.entries({ ref: body.ref, utm_source: body.utm_source, utm_medium: body.utm_medium, utm_campaign: body.utm_campaign }).flatMap(([k, v]) => (text(v) ? [[k, text(v)!]] : [])))),
        userId: body.userId ?? null,
        userAgent: body.user_agent ?? null,
        gaid: body.gaid ?? null,
        timestamp: body.timestamp,
        customParams: body.customParams ?? [],
        blocked,
      })
      try {
        await deps.tracker.record(click) // group commit: answered once stored
      } catch (err) {
        if (err instanceof DuplicateKeyError) throw new AppError('conflict', 'This click was already recorded')
        throw err
      }
      return { ok: true as const, clickid: click.clickid, ...(blocked ? { blocked: true as const } : {}) }
    },
  }
}
export type ClicksService = ReturnType<typeof createClicksService>
