import { isCalendarDay } from '../../lib/format.ts'
import {
  type ConversionsImportReport,
  conversionsOutcome,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ImportField,
  type ImportProblem,
  NOTHING_TO_IMPORT,
} from '../../lib/revenue-imports.ts'
import { idSchema } from '../../lib/schemas.ts'
import { AppError } from '../errors.ts'
import type { AuditService } from '../operations/audit.ts'
import { conversionParamsSchema, conversionStatuses, isPayoutText, MAX_PAYOUT } from './postbacks.ts'
import type { ConversionInput, ConversionRecorder } from './conversions.ts'
import { csvLinesOrRefuse } from './csv.ts'

/**
 * A programme's conversions report as CSV (issue 21: MyAffiliates, Income Access, NetRefer, Cellxpert
 * send no postback for revenue share; publishers download a CSV). Columns are read as the postback's
 * fields (a column named like the field, or mapped: `click_id=subid,goal=event,…`); every row is checked
 * with the postback's own schema and recorded through the same `record()`, keyed the same way, so a
 * postback and its CSV line never count twice. A file with any bad row changes nothing and names each
 * bad row's line and field as people call it (lib/revenue-imports.ts words every message).
 */
export { IMPORT_FIELDS, type ImportField, type ImportProblem } from '../../lib/revenue-imports.ts'
export type ImportReport = ConversionsImportReport

/** `click_id=subid,goal=event` → a field → column map; unknown fields and malformed pairs are a clear error. */
export function parseFieldMap(spec: string | undefined): Partial<Record<ImportField, string>> {
  const out: Partial<Record<ImportField, string>> = {}
  for (const pair of (spec ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [field, column] = pair.split('=').map((s) => s?.trim())
    if (!field || !column) throw new AppError('bad_request', `The column map’s "${clip(pair)}" is not field=column, such as click_id=subid`)
    if (!(IMPORT_FIELDS as readonly string[]).includes(field)) throw new AppError('bad_request', `Unknown field "${clip(field)}" in the column map: use ${IMPORT_FIELDS.slice(0, -1).join(', ')} or ${IMPORT_FIELDS.at(-1)}`)
    out[field as ImportField] = column
  }
  return out
}

/** A day, perhaps with a time after it; the day must exist (2026-02-30 does not, and is never rolled over). */
const isDateCell = (v: string) => /^\d{4}-\d{2}-\d{2}(?:[T ].*)?$/.test(v) && isCalendarDay(v.slice(0, 10))
const clip = (v: string) => (v.length > 40 ? `${v.slice(0, 40)}…` : v)

/**
 * Why a field of a row was refused, for the person importing the file. The postback's schema words
 * its issues for the networks that call it; here each field says what to write instead.
 */
function rowProblem(field: ImportField, value: string): string {
  const v = `"${clip(value)}"`
  switch (field) {
    case 'goal':
      return value ? `${v} is not a goal we know: use a name such as FTD (or CPA), Registration (or CPL), Deposit or Revenue share (or rev share), or an event code` : 'is empty: every row needs a goal, such as FTD or Registration'
    case 'payout': {
      if (!isPayoutText(value)) return `${v} is not a number: write the amount alone, such as 25 or 25.50`
      const n = Number(value)
      if (n > MAX_PAYOUT) return `must be at most ${MAX_PAYOUT.toLocaleString('en-GB')}`
      if (n < -MAX_PAYOUT) return `must be at least -${MAX_PAYOUT.toLocaleString('en-GB')}`
      return 'may be below 0 only for a revenue share adjustment (a clawback)'
    }
    case 'currency':
      return `${v} is not a currency code: use three letters, such as EUR, GBP or USD`
    case 'status':
      return `${v} is not a status: use ${conversionStatuses.slice(0, -1).join(', ')} or ${conversionStatuses.at(-1)}`
    case 'click_id':
      return 'is longer than 100 characters'
    case 'txn_id':
      return 'is longer than 200 characters'
    case 'date':
      return `${v} is not a date: write it as YYYY-MM-DD, such as 2026-11-30`
    case 'brand':
      return `${v} is not a brand of ours: use a brand page’s id`
  }
}

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
      if (!rows.length) throw new AppError('unprocessable', NOTHING_TO_IMPORT)
      if (rows.length > 500_000) throw new AppError('bad_request', `The file has ${rows.length.toLocaleString('en-GB')} rows; import at most 500,000 at a time`)
      const header = head.fields.map((h) => h.trim().toLowerCase())
      const headerLine = head.fields.join(', ')
      // each field's column: as mapped, else one named like the field
      const columnOf = {} as Record<ImportField, number>
      for (const field of IMPORT_FIELDS) {
        const name = (opts.map?.[field] ?? field).toLowerCase()
        columnOf[field] = header.indexOf(name)
        if (opts.map?.[field] && columnOf[field] < 0) throw new AppError('bad_request', `Column "${clip(opts.map[field])}" (for ${IMPORT_FIELD_LABELS[field]}) is not in the file’s header line: ${headerLine}`)
      }
      if (columnOf.goal < 0) throw new AppError('bad_request', `No Goal column: the file’s header line has ${headerLine}. Say which column holds the goal in the column map, such as goal=event`)
      if (opts.brand !== undefined && (!idSchema.safeParse(opts.brand).success || !(await deps.brandExists(opts.brand)))) throw new AppError('bad_request', `Unknown brand "${clip(opts.brand)}"`)

      const invalid: ImportProblem[] = []
      const inputs: (ConversionInput & { line: number })[] = []
      const knownBrands = new Map<string, boolean>()
      const column = (f: ImportField) => (columnOf[f] >= 0 ? head.fields[columnOf[f]]! : f)
      const problem = (line: number, f: ImportField, message: string): ImportProblem => ({ line, column: column(f), field: IMPORT_FIELD_LABELS[f], message })
      for (const { line, fields } of rows) {
        const cell = (f: ImportField) => (columnOf[f] >= 0 ? (fields[columnOf[f]] ?? '').trim() : undefined)
        const clickId = cell('click_id') ?? ''
        const txnId = cell('txn_id') ?? ''
        // a row with neither a click nor a transaction could not be told apart from the next: refused
        if (!clickId && !txnId) {
          invalid.push(problem(line, 'click_id', `needs a ${IMPORT_FIELD_LABELS.click_id} or a ${IMPORT_FIELD_LABELS.txn_id} (so importing the file again adds nothing)`))
          continue
        }
        // the postback's own checks (a click id is optional here: revenue no click matched is the brand's)
        const fieldsOf = Object.fromEntries((['goal', 'payout', 'currency', 'status'] as const).flatMap((f) => (cell(f) ? [[f, cell(f)!]] : [])))
        const parsed = conversionParamsSchema.safeParse({ ...fieldsOf, click_id: clickId || 'none', txn_id: txnId })
        if (!parsed.success) {
          const field = String(parsed.error.issues[0]!.path[0] ?? 'goal') as ImportField
          invalid.push(problem(line, field, rowProblem(field, cell(field) ?? '')))
          continue
        }
        const p = parsed.data
        const date = cell('date')
        if (date && !isDateCell(date)) {
          invalid.push(problem(line, 'date', rowProblem('date', date)))
          continue
        }
        const brand = cell('brand') || opts.brand
        if (brand && cell('brand')) {
          if (!knownBrands.has(brand)) knownBrands.set(brand, idSchema.safeParse(brand).success && (await deps.brandExists(brand)))
          if (!knownBrands.get(brand)) {
            invalid.push(problem(line, 'brand', rowProblem('brand', brand)))
            continue
          }
        }
        inputs.push({ line, clickId, goal: p.goal, payout: p.payout, currency: p.currency, txnId, status: p.status, ...(brand ? { brandId: brand } : {}), ...(date ? { day: date.slice(0, 10) } : {}) })
      }
      const report: ImportReport = { rows: rows.length, matched: 0, unattributed: 0, duplicate: 0, updated: 0, rejected: 0, invalid, written: false, changed: 0, totals: {}, message: '' }
      // every row is classified first (a dry run); with any problem nothing is written
      const plan = await deps.recorder.record(inputs, { dryRun: true, source: 'import' })
      plan.forEach((o, i) => {
        if (o.outcome !== 'unmatched') return
        const { line, clickId } = inputs[i]!
        const keep = 'choose the brand this revenue belongs to (or add a Brand column) to keep it as that brand’s revenue'
        invalid.push(problem(line, 'click_id', clickId ? `no click of ours has the Click ID "${clip(clickId)}": ${keep}` : `is empty and no brand was chosen: ${keep}`))
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
      const dryRun = Boolean(opts.dryRun)
      if (dryRun || invalid.length) {
        count(plan)
        report.message = conversionsOutcome(report, { dryRun })
        // a preview lists the rows to fix; an import of a file with any is refused whole (422, with the same list)
        if (dryRun) return report
        throw new AppError('unprocessable', report.message, undefined, { ...report })
      }
      count(await deps.recorder.record(inputs, { source: 'import' }))
      report.written = true
      report.message = conversionsOutcome(report, { dryRun })
      // a preview or a refused file wrote nothing; an applied import is on the trail even when every row was already counted
      await deps.audit.record(auditEntry(opts.file, report))
      return report
    },
  }
}
export type ConversionImport = ReturnType<typeof createConversionImport>
