import { idSchema } from '../../lib/schemas.ts'
import { AppError } from '../errors.ts'
import type { AuditService } from '../operations/audit.ts'
import { conversionParamsSchema } from './postbacks.ts'
import type { ConversionInput, ConversionRecorder } from './conversions.ts'
import { csvLinesOrRefuse } from './csv.ts'

/**
 * A programme's conversions report as CSV (issue 21: MyAffiliates, Income Access, NetRefer, Cellxpert
 * send no postback for revenue share; publishers download a CSV). Columns are mapped to the postback's
 * fields (`--map click_id=subid,goal=event,…`); every row is checked with the postback's own schema and
 * recorded through the same `record()`, keyed the same way, so a postback and its CSV line never count
 * twice. A file with any bad row changes nothing and says which line and column.
 */
export const IMPORT_FIELDS = ['click_id', 'goal', 'payout', 'currency', 'txn_id', 'status', 'date', 'brand'] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]
export type ImportProblem = { line: number; column: string; message: string }
export type ImportReport = {
  rows: number
  /** matched a click of ours: new conversions */
  matched: number
  /** no click matched: kept as the brand's unattributed revenue */
  unattributed: number
  duplicate: number
  updated: number
  rejected: number
  invalid: ImportProblem[]
  written: boolean
  /** rows that change what is counted (new conversions, status changes, fraud rejections); the rest were already counted */
  changed: number
  /** the payouts of the rows that change something, per currency (what the import adds, in its own currencies) */
  totals: Record<string, number>
}

/** `click_id=subid,goal=event` → a field → column map; unknown fields and malformed pairs are a clear error. */
export function parseFieldMap(spec: string | undefined): Partial<Record<ImportField, string>> {
  const out: Partial<Record<ImportField, string>> = {}
  for (const pair of (spec ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [field, column] = pair.split('=').map((s) => s?.trim())
    if (!field || !column) throw new AppError('bad_request', `Invalid map entry "${pair}": use FIELD=COLUMN, e.g. click_id=subid`)
    if (!(IMPORT_FIELDS as readonly string[]).includes(field)) throw new AppError('bad_request', `Unknown field "${field}" in the map: use ${IMPORT_FIELDS.join(', ')}`)
    out[field as ImportField] = column
  }
  return out
}

const DAY = /^\d{4}-\d{2}-\d{2}/

/** Money summed as the reports sum it: in ten-thousandths (payouts' precision), rounded once. */
const addMoney = (a: number, b: number) => Math.round(a * 10_000 + b * 10_000) / 10_000

/** The audit entry of an import that was applied: who (the log's actor), the file, rows read and written, and the totals per currency. */
function auditEntry(file: string | undefined, r: ImportReport) {
  return {
    action: 'conversions.import',
    target: 'conversions',
    changes: [
      { field: 'file', to: file ?? '(no name)' },
      { field: 'rows read', to: r.rows },
      { field: 'rows written', to: r.changed },
      { field: 'already counted', to: r.duplicate },
      ...Object.entries(r.totals)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([currency, total]) => ({ field: `total ${currency}`, to: total })),
    ],
  }
}

export function createConversionImport(deps: { recorder: ConversionRecorder; brandExists: (id: string) => Promise<boolean>; audit: Pick<AuditService, 'record'> }) {
  return {
    /** `file`: the file's name, for the audit trail. */
    async import(text: string, opts: { map?: Partial<Record<ImportField, string>>; brand?: string; dryRun?: boolean; file?: string }): Promise<ImportReport> {
      const lines = csvLinesOrRefuse(text)
      const [head, ...rows] = lines
      if (!head) throw new AppError('bad_request', 'The file is empty: it needs a header line and one row per conversion')
      if (rows.length > 500_000) throw new AppError('bad_request', `The file has ${rows.length} rows; import at most 500,000 at a time`)
      const header = head.fields.map((h) => h.trim().toLowerCase())
      // each field's column: as mapped, else one named like the field
      const columnOf = {} as Record<ImportField, number>
      for (const field of IMPORT_FIELDS) {
        const name = (opts.map?.[field] ?? field).toLowerCase()
        columnOf[field] = header.indexOf(name)
        if (opts.map?.[field] && columnOf[field] < 0) throw new AppError('bad_request', `Column "${opts.map[field]}" (mapped to ${field}) is not in the header line: ${head.fields.join(', ')}`)
      }
      for (const field of ['goal'] as const) if (columnOf[field] < 0) throw new AppError('bad_request', `No ${field} column: map one with --map ${field}=COLUMN (the header line has ${head.fields.join(', ')})`)
      if (opts.brand !== undefined && (!idSchema.safeParse(opts.brand).success || !(await deps.brandExists(opts.brand)))) throw new AppError('bad_request', `Unknown brand "${opts.brand}"`)

      const invalid: ImportProblem[] = []
      const inputs: (ConversionInput & { line: number })[] = []
      const knownBrands = new Map<string, boolean>()
      for (const { line, fields } of rows) {
        const cell = (f: ImportField) => (columnOf[f] >= 0 ? (fields[columnOf[f]] ?? '').trim() : undefined)
        const column = (f: ImportField) => (columnOf[f] >= 0 ? head.fields[columnOf[f]]! : f)
        const clickId = cell('click_id') ?? ''
        const txnId = cell('txn_id') ?? ''
        // a row with neither a click nor a transaction could not be told apart from the next: refused
        if (!clickId && !txnId) {
          invalid.push({ line, column: column('click_id'), message: 'needs a click id or a transaction id (so a second import of the file adds nothing)' })
          continue
        }
        // the postback's own checks (a click id is optional here: revenue no click matched is the brand's)
        const fieldsOf = Object.fromEntries((['goal', 'payout', 'currency', 'status'] as const).flatMap((f) => (cell(f) ? [[f, cell(f)!]] : [])))
        const parsed = conversionParamsSchema.safeParse({ ...fieldsOf, click_id: clickId || 'none', txn_id: txnId })
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!
          invalid.push({ line, column: column(String(issue.path[0] ?? 'goal') as ImportField), message: issue.message })
          continue
        }
        const p = parsed.data
        const date = cell('date')
        if (date && (!DAY.test(date) || Number.isNaN(new Date(date.slice(0, 10)).getTime()))) {
          invalid.push({ line, column: column('date'), message: `"${date}" is not a date (YYYY-MM-DD)` })
          continue
        }
        const brand = cell('brand') || opts.brand
        if (brand && cell('brand')) {
          if (!knownBrands.has(brand)) knownBrands.set(brand, idSchema.safeParse(brand).success && (await deps.brandExists(brand)))
          if (!knownBrands.get(brand)) {
            invalid.push({ line, column: column('brand'), message: `unknown brand "${brand}"` })
            continue
          }
        }
        inputs.push({ line, clickId, goal: p.goal, payout: p.payout, currency: p.currency, txnId, status: p.status, ...(brand ? { brandId: brand } : {}), ...(date ? { day: date.slice(0, 10) } : {}) })
      }
      const report: ImportReport = { rows: rows.length, matched: 0, unattributed: 0, duplicate: 0, updated: 0, rejected: 0, invalid, written: false, changed: 0, totals: {} }
      // every row is classified first (a dry run); with any problem nothing is written
      const plan = await deps.recorder.record(inputs, { dryRun: true, source: 'import' })
      plan.forEach((o, i) => {
        if (o.outcome === 'unmatched') invalid.push({ line: inputs[i]!.line, column: columnOf.click_id >= 0 ? head.fields[columnOf.click_id]! : 'click_id', message: `${o.message}: give the brand (--brand, or map a brand column) to keep it as the brand's unattributed revenue` })
      })
      invalid.sort((a, b) => a.line - b.line)
      const count = (outcomes: typeof plan) => {
        outcomes.forEach((o, i) => {
          if (o.outcome === 'created') report.matched++
          else if (o.outcome === 'unattributed') report.unattributed++
          else if (o.outcome === 'duplicate') report.duplicate++
          else if (o.outcome === 'updated') report.updated++
          else if (o.outcome === 'rejected') report.rejected++
          const changes = o.outcome === 'created' || o.outcome === 'unattributed' || o.outcome === 'updated' || (o.outcome === 'rejected' && !o.duplicate)
          if (!changes) return
          const { currency, payout } = inputs[i]!
          report.changed++
          report.totals[currency] = addMoney(report.totals[currency] ?? 0, payout)
        })
      }
      if (opts.dryRun || invalid.length) {
        count(plan)
        return report
      }
      count(await deps.recorder.record(inputs, { source: 'import' }))
      report.written = true
      // a preview or a refused file wrote nothing; an applied import is on the trail even when every row was already counted
      await deps.audit.record(auditEntry(opts.file, report))
      return report
    },
  }
}
export type ConversionImport = ReturnType<typeof createConversionImport>
