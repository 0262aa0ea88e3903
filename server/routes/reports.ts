import type { Context } from 'hono'
import * as z from 'zod'
import { type Report, SORTS } from '../../lib/reports.ts'
import { idSchema } from '../../lib/schemas.ts'
import type { AppEnv } from '../app-env.ts'
import { createRouter, rule } from '../router.ts'
import { validate } from '../validate.ts'

const rangeQuery = z.object({ from: z.string().max(10).optional(), to: z.string().max(10).optional() })
/** sort, paging and `format=csv` on every report of rows */
const rowsQuery = rangeQuery.extend({
  sort: z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
})

function answer(c: Context<AppEnv>, report: Report, format: 'json' | 'csv', name: string) {
  if (format === 'json') return c.json(report)
  return c.body(c.var.services.reports.toCsv(report), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="gamewise-${name}-${report.from}-${report.to}.csv"`,
  })
}

/** Every report is one of server/attribution/reports.ts's, from one read path and one definition of each figure (lib/figures.ts). */
export function reportsRouter() {
  const app = createRouter()
  // earnings are an account's business: never kept by a browser or a shared cache
  const reports = rule({ access: 'editor', cache: 'private' })

  // GET /api/reports/brands?from&to&sort&dir&limit&offset&format – every brand's figures over a range, with the previous period
  app.get('/brands', reports, validate('query', rowsQuery), async (c) => {
    const q = c.req.valid('query')
    return answer(c, await c.var.services.reports.brands(q), q.format, 'brands')
  })

  // GET /api/reports/pages?from&to&sort&dir&limit&offset&format – per page (article, home, brand page…; a market's pages apart), with the previous period
  app.get('/pages', reports, validate('query', rowsQuery), async (c) => {
    const q = c.req.valid('query')
    return answer(c, await c.var.services.reports.pages(q), q.format, 'pages')
  })

  // GET /api/reports/placements?by=slot|position|page-slot&… – per placement: slot, slot and position, or page × slot
  app.get('/placements', reports, validate('query', rowsQuery.extend({ by: z.enum(['slot', 'position', 'page-slot'], { error: 'by must be slot, position or page-slot' }).default('slot') })), async (c) => {
    const q = c.req.valid('query')
    return answer(c, await c.var.services.reports.placements(q), q.format, `placements-${q.by}`)
  })

  // GET /api/reports/breakdown?by=country|device|brand|market&brandId&… – broken down by the visitor's country, device, the brand or the market
  app.get(
    '/breakdown',
    reports,
    validate('query', rowsQuery.extend({ by: z.enum(['country', 'device', 'brand', 'market'], { error: 'by must be country, device, brand or market' }), brandId: idSchema.optional() })),
    async (c) => {
      const q = c.req.valid('query')
      return answer(c, await c.var.services.reports.breakdown(q), q.format, `by-${q.by}`)
    },
  )

  // GET /api/reports/daily?from&to – the site's figures day by day (the Earnings chart), with the range's total
  app.get('/daily', reports, validate('query', rangeQuery), async (c) => c.json(await c.var.services.reports.daily(c.req.valid('query'))))

  // GET /api/reports/brands/:id?from&to – one brand's totals, day by day, and by country
  app.get('/brands/:id', reports, validate('query', rangeQuery), async (c) => c.json(await c.var.services.reports.brand(c.req.param('id'), c.req.valid('query'))))

  return app
}
