import * as z from 'zod'
import { MARKET_PRESETS } from '../../lib/markets.ts'
import { createRouter, rule } from '../router.ts'
import { validate } from '../validate.ts'
import { baseVersionOf } from '../editorial/edit-versions.ts'

/** Any JSON object: the markets service checks it field by field, so a 400 names the field (lib/market-schema.ts). */
const body = z.record(z.string(), z.unknown())

/**
 * Markets (issue 23). Visitors' pages need no API (the market comes with the URL); the list is public so
 * clients can offer a market picker. Only admins create, change or delete one: every write is audited and
 * clears the pages.
 */
export function marketsRouter() {
  const app = createRouter()
  const admins = rule({ access: 'admin' })

  // GET /api/markets – { markets: [...], presets: {...} }: every market (prefix, language, rules) and the shipped rule sets
  app.get('/', rule({ access: 'public', cache: 'no-store' }), (c) => c.json({ markets: c.var.services.markets.list(), presets: MARKET_PRESETS }))

  // GET /api/markets/:key – one market
  app.get('/:key', rule({ access: 'public', cache: 'no-store' }), async (c) => c.json(await c.var.services.markets.get(c.req.param('key'))))

  // POST /api/markets – a new market (its key is its URL prefix)
  app.post('/', admins, validate('json', body), async (c) => c.json(await c.var.services.markets.create(c.req.valid('json')), 201))

  // PUT /api/markets/:key – replace a market's fields (the key stays)
  app.put('/:key', admins, validate('json', body), async (c) => c.json(await c.var.services.markets.update(c.req.param('key'), c.req.valid('json'), { baseVersion: baseVersionOf(c) })))

  // DELETE /api/markets/:key – its pages stop answering under its prefix; posts written for it stay (in the admin)
  app.delete('/:key', admins, async (c) => {
    await c.var.services.markets.remove(c.req.param('key'))
    return c.json({ ok: true })
  })

  return app
}
