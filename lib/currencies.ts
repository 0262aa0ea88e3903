import { data as isoListOne, publishDate as isoListDate } from 'currency-codes'

/**
 * ISO 4217 currency codes money may be in (a payout, a rate, a minimum deposit, the report currency):
 * the currencies of ISO's List One in circulation. Every place that takes a currency asks `isCurrencyCode`.
 *
 * Where the list comes from: the npm package `currency-codes` (pinned), which ingests ISO's List One
 * (https://www.iso.org/iso-4217-currency-codes.html, list_one.xml) and says when (`publishDate`). Not
 * `Intl.supportedValuesOf('currency')`: under Bun that gives 307 codes, historic ones (DEM, ESP, FRF, ADP),
 * non-ISO ones (CNH) and XXX (no currency) among them, while Node gives 162 with VED missing.
 *
 * Two corrections, both data:
 * - `NOT_MONEY`: List One also lists what is no currency anyone is paid in — fund codes, precious
 *   metals, bond-market units, the SDR and other units, testing (XTS) and "no currency" (XXX).
 * - `AMENDMENTS`: ISO's changes published after the package's list. A test fails once an upgrade of the
 *   package carries one of them, so this table only ever holds what the package lacks.
 */
export const NOT_MONEY: ReadonlySet<string> = new Set([
  // funds (a unit of account beside a country's currency)
  'BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW',
  // precious metals
  'XAG', 'XAU', 'XPD', 'XPT',
  // bond-market units, the IMF's SDR, the SUCRE, the ADB unit of account
  'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XSU', 'XUA',
  // testing, and "no currency"
  'XTS', 'XXX',
])

/** ISO 4217 amendments after the package's list (`ISO_LIST_DATE`), with the day each took effect. */
export const AMENDMENTS = {
  /** in circulation since */
  added: { XCG: '2025-03-31' /* Caribbean guilder (Curaçao, Sint Maarten), replacing ANG */ } as Record<string, string>,
  /** withdrawn since */
  withdrawn: {
    ANG: '2025-06-30', // Netherlands Antillean guilder, replaced by XCG
    BGN: '2026-01-31', // Bulgarian lev: Bulgaria uses EUR since 1 January 2026
    CUC: '2021-01-01', // Cuban convertible peso, retired in Cuba's currency unification
  } as Record<string, string>,
}

/** The day of the List One the package carries. */
export const ISO_LIST_DATE: string = isoListDate

/** Sorted, unique, upper-case three-letter codes. */
export const CURRENCY_CODES: readonly string[] = [
  ...new Set([...isoListOne.map((c) => c.code).filter((code) => !NOT_MONEY.has(code) && !(code in AMENDMENTS.withdrawn)), ...Object.keys(AMENDMENTS.added)]),
].sort()
export type CurrencyCode = string

const known = new Set<string>(CURRENCY_CODES)

/** Whether `code` (already upper-case) is a currency in circulation that money may be in. */
export const isCurrencyCode = (code: string): code is CurrencyCode => known.has(code)
