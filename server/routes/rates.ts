import { AppError } from '../errors.ts'
import { createRouter, rule } from '../router.ts'

export function ratesRouter() {
  const app = createRouter()

  // GET /api/rates – the report currency and when exchange rates were last imported
  app.get('/', rule({ access: 'editor' }), async (c) => c.json({ reportCurrency: c.var.services.currency.reportCurrency, ...(await c.var.services.currency.status()) }))

  // POST /api/rates/import?name – an ECB eurofxref XML or a date,currency,rate CSV (the body); a bad line changes nothing.
  // Rates convert every amount on every report: a manager's right
  app.post('/import', rule({ access: 'manager', bodyLimit: 12 * 1024 * 1024 }), async (c) => {
    const name = (c.req.query('name') ?? 'upload').slice(0, 200)
    const text = await c.req.text()
    if (!text.trim()) throw new AppError('bad_request', 'The rates file is empty')
    return c.json(await c.var.services.currency.import(text, name), 201)
  })

  return app
}
