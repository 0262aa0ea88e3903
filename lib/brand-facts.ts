import { formatMoney } from './format.ts'
import { type Translate, translator } from './i18n/index.ts'


/**
 * A brand's facts as data (issue 22): what readers compare casinos by, kept as fields rather than free
 * text so comparison tables, the brand page and search engines read the same values. Every fact is
 * optional: brands saved before facts existed have none and keep working, and a page shows only the
 * facts a brand has. No zod here: public pages' components format facts with this module (the rules
 * are in ./brand-facts-schema.ts, which the server and the admin load).
 */

/** The payment methods an editor picks from (the brand form offers these; anything else is refused). */
export const PAYMENT_METHODS = [
  'Visa',
  'Mastercard',
  'Maestro',
  'PayPal',
  'Skrill',
  'Neteller',
  'Paysafecard',
  'Apple Pay',
  'Google Pay',
  'Trustly',
  'Bank transfer',
  'Interac',
  'Bitcoin',
  'Ethereum',
  'USDT',
] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** What a wagering requirement applies to, and how a page says it ("35× bonus"). */
export const WAGERING_BASES = {
  bonus: 'bonus',
  deposit_bonus: 'deposit + bonus',
  winnings: 'free-spin winnings',
} as const
export type WageringBase = keyof typeof WAGERING_BASES

/** Regulators editors are offered first (any other name may be typed). */
export const KNOWN_REGULATORS = [
  'UK Gambling Commission',
  'Malta Gaming Authority',
  'Gibraltar Gambling Commission',
  'Curaçao Gaming Control Board',
  'Kahnawake Gaming Commission',
  'Spelinspektionen',
  'Kansspelautoriteit',
  'New Jersey DGE',
  'Ontario AGCO',
  'GGL',
] as const

export const FACTS_LIMITS = { licences: 10, paymentMethods: PAYMENT_METHODS.length, bonusCode: 40, text: 100, maxDeposit: 1_000_000, maxHours: 2_000 }

export type Licence = { regulator: string; number: string }
export type BrandFacts = {
  licences?: Licence[]
  minDeposit?: { amount: number; currency: string }
  wagering?: { multiplier: number; appliesTo: WageringBase }
  withdrawalHours?: number
  paymentMethods?: PaymentMethod[]
  launchYear?: number
  bonusCode?: string
  /** the day (YYYY-MM-DD) an editor last checked these facts against the operator's site */
  lastVerified?: string
}

/** Facts without their empty parts: what is stored and answered (an empty list is no fact). */
export function compactFacts(f: BrandFacts | undefined | null): BrandFacts {
  const out: BrandFacts = {}
  if (!f) return out
  for (const [k, v] of Object.entries(f) as [keyof BrandFacts, unknown][]) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue
    ;(out as Record<string, unknown>)[k] = v
  }
  return out
}

// ---------- how pages say them ----------

// `t`: the page's language (lib/i18n); English by default, as the API and the admin say it
const english = /* @__PURE__ */ translator('en')

export function formatWagering(w: BrandFacts['wagering'], t: Translate = english): string | null {
  if (!w) return null
  if (w.multiplier === 0) return t('facts.noWagering')
  return t('facts.wageringOn', { multiplier: String(w.multiplier), base: w.appliesTo })
}

/** "Instant", "Up to 24 hours", "Up to 3 days" */
export function formatWithdrawal(hours: number | undefined, t: Translate = english): string | null {
  if (hours === undefined) return null
  if (hours === 0) return t('facts.instant')
  if (hours < 72 || hours % 24) return t('facts.upToHours', { hours })
  return t('facts.upToDays', { days: hours / 24 })
}

export function formatLicences(licences: Licence[] | undefined): string | null {
  return licences?.length ? licences.map((l) => `${l.regulator} (${l.number})`).join(', ') : null
}

/** The facts a page lists, in reading order, as label and text; only those the brand has. */
export function factRows(f: BrandFacts, t: Translate = english, locale?: string): { key: string; label: string; value: string }[] {
  const rows: { key: string; label: string; value: string | null }[] = [
    { key: 'licences', label: t('facts.licence', { count: f.licences?.length ?? 1 }), value: formatLicences(f.licences) },
    { key: 'minDeposit', label: t('facts.minDeposit'), value: f.minDeposit ? formatMoney(f.minDeposit.amount, f.minDeposit.currency, { locale }) : null },
    { key: 'wagering', label: t('facts.wagering'), value: formatWagering(f.wagering, t) },
    { key: 'withdrawalHours', label: t('facts.withdrawal'), value: formatWithdrawal(f.withdrawalHours, t) },
    { key: 'paymentMethods', label: t('facts.payments'), value: f.paymentMethods?.length ? f.paymentMethods.join(', ') : null },
    { key: 'launchYear', label: t('facts.launched'), value: f.launchYear ? String(f.launchYear) : null },
  ]
  return rows.filter((r): r is { key: string; label: string; value: string } => r.value !== null)
}
