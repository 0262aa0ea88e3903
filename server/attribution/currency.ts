import { XMLParser } from 'fast-xml-parser'
import type { ExchangeRatesRepository } from '../../db/repositories/exchange-rates.ts'
import { isCurrencyCode } from '../../lib/currencies.ts'
import { isCalendarDay } from '../../lib/format.ts'
import { labelList, NOTHING_TO_IMPORT, RATES_COLUMN_LABELS, type RatesImportReport, ratesOutcome } from '../../lib/revenue-imports.ts'
import { AppError } from '../errors.ts'
import type { AuditService } from '../operations/audit.ts'
import { csvLinesOrRefuse } from './csv.ts'

/**
 * Money in one currency (issue 21): rates are units of a currency per 1 EUR on a day (the ECB's
 * reference rates); an amount converts at its day's rate, or the nearest earlier day's (weekends and
 * holidays have none). With no rate at or before its day, an amount is never guessed: it stays
 * "unconverted", shown apart in its own currency.
 */
export type Rate = { day: string; currency: string; perEur: number }
/** A refused line of a rates CSV: the column as the file names it, and the field as people do. */
export type RatesProblem = { line: number; column: string; field: string; message: string }

// a day that exists: 2026-02-30 is refused, never rolled over to March
const isDay = isCalendarDay
const clip = (v: string) => (v.length > 40 ? `${v.slice(0, 40)}…` : v)

/** The ECB's eurofxref XML (the daily file, the 90-day one or the whole history). */
export function parseEcbXml(text: string): Rate[] {
  let doc: unknown
  try {
    doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true, isArray: (name) => name === 'Cube' }).parse(text, true)
  } catch (err) {
    throw new AppError('bad_request', `Not an ECB rates file: the XML does not parse (${(err as Error).message.split('\n')[0]})`)
  }
  const envelope = (doc as { Envelope?: { Cube?: { Cube?: { time?: string; Cube?: { currency?: string; rate?: string }[] }[] }[] } }).Envelope
  const days = envelope?.Cube?.[0]?.Cube
  if (!days?.length) throw new AppError('bad_request', 'Not an ECB rates file: no <Cube time="…"> days in it')
  const out: Rate[] = []
  for (const d of days) {
    if (!d.time || !isDay(d.time)) throw new AppError('bad_request', `Not an ECB rates file: a day reads "${String(d.time)}"`)
    for (const c of d.Cube ?? []) {
      const perEur = Number(c.rate)
      if (!c.currency || !isCurrencyCode(c.currency) || !(perEur > 0) || !Number.isFinite(perEur)) throw new AppError('bad_request', `Not an ECB rates file: ${d.time} has "${c.currency}" at "${c.rate}"`)
      out.push({ day: d.time, currency: c.currency, perEur })
    }
  }
  return out
}

/** A plain CSV: `date,currency,rate` (a header line, then YYYY-MM-DD, an ISO 4217 code, units per 1 EUR). Problems name the line and column. */
export function parseRatesCsv(text: string): { rates: Rate[]; problems: RatesProblem[] } {
  const lines = csvLinesOrRefuse(text)
  const [head, ...rows] = lines
  const names = (head?.fields ?? []).map((h) => h.trim().toLowerCase())
  const col = { date: names.indexOf('date'), currency: names.indexOf('currency'), rate: names.indexOf('rate') }
  const missing = (Object.keys(col) as (keyof typeof col)[]).filter((n) => col[n] < 0).map((n) => RATES_COLUMN_LABELS[n])
  if (missing.length) throw new AppError('bad_request', `The file’s header line needs ${labelList(Object.values(RATES_COLUMN_LABELS))} columns (missing: ${missing.join(', ')})`)
  if (head && !rows.length) throw new AppError('unprocessable', NOTHING_TO_IMPORT)
  const rates: Rate[] = []
  const problems: RatesProblem[] = []
  const problem = (line: number, column: keyof typeof col, message: string) => problems.push({ line, column: head!.fields[col[column]]!.trim(), field: RATES_COLUMN_LABELS[column], message })
  for (const { line, fields } of rows) {
    const day = (fields[col.date] ?? '').trim()
    const currency = (fields[col.currency] ?? '').trim().toUpperCase()
    const rate = (fields[col.rate] ?? '').trim()
    const perEur = /^\d+(?:\.\d+)?$|^\.\d+$/.test(rate) ? Number(rate) : Number.NaN
    if (!isDay(day)) problem(line, 'date', `"${clip(day)}" is not a date: write it as YYYY-MM-DD, such as 2026-11-30`)
    else if (!isCurrencyCode(currency)) problem(line, 'currency', `"${clip(currency)}" is not a currency code: use three letters, such as EUR, GBP or USD`)
    else if (!(perEur > 0) || !Number.isFinite(perEur)) problem(line, 'rate', `"${clip(rate)}" is not a rate: write how many ${currency} one euro buys, such as 1.0825`)
    else rates.push({ day, currency, perEur })
  }
  return { rates, problems }
}

/** Converts amounts into the report currency with the rates of the days they count on. */
export type Converter = (amount: number, currency: string, day: string) => number | null

/** What a rates import did: rates read from the file, how many of them were new or different, the days and currencies they cover, and that in a sentence. */
export type RatesImport = RatesImportReport & { perCurrency: Record<string, number> }

/** How many of `rates` the store does not hold yet, or holds at another value. */
async function countChanged(repo: ExchangeRatesRepository, rates: readonly Rate[], currencies: string[], from: string, to: string): Promise<number> {
  const stored = new Map<string, number>()
  for (const [currency, list] of await repo.between(currencies, from, to)) for (const r of list) stored.set(`${r.day}:${currency}`, r.perEur)
  return rates.filter((r) => stored.get(`${r.day}:${r.currency}`) !== r.perEur).length
}

export function createCurrencyService(deps: { rates: ExchangeRatesRepository; reportCurrency: string; audit: Pick<AuditService, 'record'>; now: () => Date }) {
  return {
    reportCurrency: deps.reportCurrency,

    /** Imports rates (an ECB XML or a CSV); a file with any bad line changes nothing. Every import is on the audit trail. */
    async import(text: string, filename: string): Promise<RatesImport> {
      const xml = /\.xml$/i.test(filename) || text.trimStart().startsWith('<')
      let rates: Rate[]
      if (xml) rates = parseEcbXml(text)
      else {
        const parsed = parseRatesCsv(text)
        if (parsed.problems.length) {
          const n = parsed.problems.length
          const shown = parsed.problems.slice(0, 5).map((p) => `line ${p.line}, ${p.field}: ${p.message}`)
          throw new AppError('bad_request', `The rates file has ${n} bad line${n === 1 ? '' : 's'}; nothing was imported: ${shown.join('; ')}${n > 5 ? `; and ${n - 5} more` : ''}`, parsed.problems.map((p) => ({ path: `line ${p.line}, ${p.field}`, message: p.message })))
        }
        rates = parsed.rates
      }
      if (!rates.length) throw new AppError('bad_request', 'The rates file holds no rates')
      const days = [...new Set(rates.map((r) => r.day))].sort()
      const perCurrency: Record<string, number> = {}
      for (const r of rates) perCurrency[r.currency] = (perCurrency[r.currency] ?? 0) + 1
      const currencies = Object.keys(perCurrency).sort()
      const done: RatesImport = { rates: rates.length, changed: 0, days: days.length, currencies, perCurrency, from: days[0]!, to: days[days.length - 1]!, message: '' }
      done.changed = await countChanged(deps.rates, rates, currencies, done.from, done.to)
      done.message = ratesOutcome(done)
      const importedAt = deps.now()
      await deps.rates.upsertMany(rates.map((r) => ({ ...r, importedAt, source: filename.slice(0, 200) })))
      await deps.audit.record({
        action: 'rates.import',
        target: 'exchange-rates',
        changes: [
          { field: 'file', to: filename.slice(0, 200) },
          { field: 'rates read', to: done.rates },
          { field: 'rates changed', to: done.changed },
          { field: 'from', to: done.from },
          { field: 'to', to: done.to },
        ],
        // the ECB's files hold about 30 currencies: a line, not 30 fields
        note: `rates per currency: ${currencies.map((c) => `${c} ${perCurrency[c]}`).join(', ')}`,
      })
      return done
    },

    status: () => deps.rates.status(),

    /**
     * A converter for amounts in `currencies` counted between `from` and `to`: each at its day's rate or
     * the nearest earlier one; null when a rate it needs is not known.
     */
    async converter(currencies: readonly string[], from: string, to: string): Promise<Converter> {
      const target = deps.reportCurrency
      const needed = [...new Set([...currencies.filter((c) => c !== target && c !== 'EUR'), ...(target !== 'EUR' && currencies.some((c) => c !== target) ? [target] : [])])]
      const byCurrency = await deps.rates.between(needed, from, to)
      const rateOn = (currency: string, day: string): number | null => {
        if (currency === 'EUR') return 1
        const list = byCurrency.get(currency) ?? []
        let found: number | null = null
        for (const r of list) {
          if (r.day > day) break
          found = r.perEur
        }
        return found
      }
      return (amount, currency, day) => {
        if (currency === target) return amount
        const from = rateOn(currency, day)
        const to = rateOn(target, day)
        if (from === null || to === null) return null
        // unrounded: rounding each amount made the sum of two rows differ from the row of both (1.2493 + 4.4257
        // is 5.6750, the day's 5.6749), so the pages report's total could be a cent off the daily chart's;
        // money is rounded once, to the cent, where a report is made (lib/figures.ts toCents)
        return (amount / from) * to
      }
    },
  }
}
export type CurrencyService = ReturnType<typeof createCurrencyService>
