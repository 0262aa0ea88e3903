import type { Context } from 'hono'
import * as z from 'zod'
import { SORTS } from '../../lib/earnings.ts'
import { idSchema } from '../../lib/schemas.ts'
import type { AppEnv } from '../app-env.ts'
import { createRouter, rule } from '../router.ts'
import { validate } from '../validate.ts'

const rangeQuery = z.object({ from: z.string().max(10).optional(), to: z.string().max(10).optional() })
/** issue 21: sort, paging and `format=csv` on every earnings report */
const earningsQuery = rangeQuery.extend({
  sort: z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
})

function answer(c: Context<AppEnv>, report: Parameters<AppEnv['Variables']['services']['earnings']['toCsv']>[0], format: 'json' | 'csv', name: string) {
  if (format === 'json') return c.json(report)
  return c.body(c.var.services.earnings.toCsv(report), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="gamewise-${name}-${report.from}-${report.to}.csv"`,
  })
}

export function reportsRouter() {
  const app = createRouter()
  const editors = rule({ access: 'editor' })
  // earnings are an account's business: never kept by a browser or a shared cache
  const reports = rule({ access: 'editor', cache: 'private' })

  // GET /api/reports/brands?from&to – figures per brand over a range of days
  app.get('/brands', editors, validate('query', rangeQuery), async (c) => c.json(await c.var.services.reports.brands(c.req.valid('query'))))

  // GET /api/reports/pages?from&to&sort&dir&limit&offset&format – earnings per page (article, home, brand page…), with the previous period
  app.get('/pages', reports, validate('query', earningsQuery), async (c) => {
    const q = c.req.valid('query')
    return answer(c, await c.var.services.earnings.pages(q), q.format, 'pages')
  })

  // GET /api/reports/placements?by=slot|position&… – earnings per placement (slot, or slot and position)
  app.get('/placements', reports, validate('query', earningsQuery.extend({ by: z.enum(['slot', 'position']).default('slot') })), async (c) => {
    const q = c.req.valid('query')
    return answer(c, await c.var.services.earnings.placements(q), q.format, 'placements')
  })

  // GET /api/reports/breakdown?by=country|device|brand&brandId&… – the brand report broken down (brand × country × device)
  app.get(
    '/breakdown',
    reports,
    validate('query', earningsQuery.extend({ by: z.enum(['country', 'device', 'brand'], { error: 'by must be country, device or brand' }), brandId: idSchema.optional() })),
    async (c) => {
      const q = c.req.valid('query')
      return answer(c, await c.var.services.earnings.breakdown(q), q.format, `by-${q.by}`)
    },
  )

  // GET /api/reports/daily?from&to – the site's views, clicks, first deposits and revenue day by day (the Earnings chart)
  app.get('/daily', reports, validate('query', rangeQuery), async (c) => {
    return c.json(await c.var.services.earnings.daily(c.req.valid('query')))
  })

  // GET /api/reports/brands/:id?from&to – one brand's figures, day by day
  app.get('/brands/:id', editors, validate('query', rangeQuery), async (c) => c.json(await c.var.services.reports.brand(c.req.param('id'), c.req.valid('query'))))

  return app
}
