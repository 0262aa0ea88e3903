import * as z from 'zod'
import { createRouter, rule } from '../router.ts'
import { validate } from '../validate.ts'

const rangeQuery = z.object({ from: z.string().max(10).optional(), to: z.string().max(10).optional() })

export function reportsRouter() {
  const app = createRouter()
  const editors = rule({ access: 'editor' })

  // GET /api/reports/brands?from&to – figures per brand over a range of days
  app.get('/brands', editors, validate('query', rangeQuery), async (c) => c.json(await c.var.services.reports.brands(c.req.valid('query'))))

  // GET /api/reports/brands/:id?from&to – one brand's figures, day by day
  app.get('/brands/:id', editors, validate('query', rangeQuery), async (c) => c.json(await c.var.services.reports.brand(c.req.param('id'), c.req.valid('query'))))

  return app
}
