import * as z from 'zod'
import { AppError } from '../errors.ts'
import { createRouter, rule } from '../router.ts'
import { IMPORT_FIELDS, parseFieldMap } from '../attribution/conversion-import.ts'
import { validate } from '../validate.ts'

/** A programme's CSV through the admin (about 120,000 rows of 100 bytes); larger files go through the CLI */
export const CONVERSIONS_CSV_LIMIT = 12 * 1024 * 1024

const importQuery = z.object({
  map: z.string().max(2_000).optional(),
  /** the file's name, for the audit trail */
  name: z.string().max(200).optional(),
  brand: z.string().max(100).optional(),
  dryRun: z.enum(['0', '1', 'true', 'false']).optional(),
})

export function conversionsRouter() {
  const app = createRouter()

  // POST /api/conversions/import?map&brand&dryRun&name – a programme's conversions CSV (the body, text/csv): a preview with dryRun=1, else recorded.
  // Revenue moves every report: a manager's right, not every editor's
  app.post('/import', rule({ access: 'manager', bodyLimit: CONVERSIONS_CSV_LIMIT }), validate('query', importQuery), async (c) => {
    const q = c.req.valid('query')
    const type = c.req.header('content-type') ?? ''
    if (!/^(text\/csv|text\/plain|application\/octet-stream)\b/i.test(type)) throw new AppError('unsupported_media_type', 'Send the CSV file itself as the body (Content-Type: text/csv)')
    const text = await c.req.text()
    const report = await c.var.services.conversionImport.import(text, { map: parseFieldMap(q.map), brand: q.brand || undefined, dryRun: q.dryRun === '1' || q.dryRun === 'true', file: q.name || undefined })
    // 201 when something was recorded; a preview, or a file every row of which was already counted, is a 200
    return c.json(report, report.written && report.changed ? 201 : 200)
  })

  // GET /api/conversions/fields – the fields a CSV's columns can be mapped to
  app.get('/fields', rule({ access: 'manager' }), (c) => c.json({ fields: IMPORT_FIELDS }))

  return app
}
