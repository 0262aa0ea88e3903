import type { BrandFacts, PaymentMethod, WageringBase } from '../../lib/brand-facts.ts'
import { type BrandReview, overallScore, REVIEW_CRITERIA, type ReviewCriterion } from '../../lib/review-score.ts'

/**
 * The brand form's issue-22 fields as the editor types them (text in inputs), and back to what the API
 * takes. An empty input is no fact; anything typed is sent as typed (a number that does not parse goes
 * as text), so the server's 400 names the field rather than the form dropping it silently.
 */
export type FactsDraft = {
  licences: { regulator: string; number: string }[]
  minDepositAmount: string
  minDepositCurrency: string
  wageringMultiplier: string
  wageringAppliesTo: WageringBase | ''
  withdrawalHours: string
  paymentMethods: PaymentMethod[]
  launchYear: string
  bonusCode: string
  lastVerified: string
}

export type ReviewDraft = {
  enabled: boolean
  scores: Record<ReviewCriterion, string>
  pros: string
  cons: string
  verdict: string
  reviewer: string
  testedAt: string
}

const str = (n: number | undefined) => (n === undefined ? '' : String(n))

export function factsDraftOf(f: BrandFacts | undefined | null): FactsDraft {
  return {
    licences: f?.licences?.map((l) => ({ ...l })) ?? [],
    minDepositAmount: str(f?.minDeposit?.amount),
    minDepositCurrency: f?.minDeposit?.currency ?? '',
    wageringMultiplier: str(f?.wagering?.multiplier),
    wageringAppliesTo: f?.wagering?.appliesTo ?? '',
    withdrawalHours: str(f?.withdrawalHours),
    paymentMethods: f?.paymentMethods ?? [],
    launchYear: str(f?.launchYear),
    bonusCode: f?.bonusCode ?? '',
    lastVerified: f?.lastVerified ?? '',
  }
}

/** A number typed in an input, or the text itself when it is not one (the server then names the field). */
const num = (v: string): number | string => {
  const t = v.trim()
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : t
}

export function factsPayload(d: FactsDraft): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const licences = d.licences.filter((l) => l.regulator.trim() || l.number.trim())
  if (licences.length) out.licences = licences.map((l) => ({ regulator: l.regulator.trim(), number: l.number.trim() }))
  if (d.minDepositAmount.trim() || d.minDepositCurrency.trim()) out.minDeposit = { amount: num(d.minDepositAmount), currency: d.minDepositCurrency.trim() }
  if (d.wageringMultiplier.trim() || d.wageringAppliesTo) out.wagering = { multiplier: num(d.wageringMultiplier), appliesTo: d.wageringAppliesTo }
  if (d.withdrawalHours.trim()) out.withdrawalHours = num(d.withdrawalHours)
  if (d.paymentMethods.length) out.paymentMethods = d.paymentMethods
  if (d.launchYear.trim()) out.launchYear = num(d.launchYear)
  if (d.bonusCode.trim()) out.bonusCode = d.bonusCode.trim()
  if (d.lastVerified.trim()) out.lastVerified = d.lastVerified.trim()
  return out
}

const lines = (v: string) =>
  v
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)

export function reviewDraftOf(r: BrandReview | null | undefined): ReviewDraft {
  return {
    enabled: Boolean(r),
    scores: Object.fromEntries(REVIEW_CRITERIA.map((c) => [c.key, r ? String(r.scores[c.key]) : ''])) as Record<ReviewCriterion, string>,
    pros: r?.pros.join('\n') ?? '',
    cons: r?.cons.join('\n') ?? '',
    verdict: r?.verdict ?? '',
    reviewer: r?.reviewer ?? '',
    testedAt: r?.testedAt ?? '',
  }
}

/** The review to send, or null (no review: removes one the brand had). */
export function reviewPayload(d: ReviewDraft): Record<string, unknown> | null {
  if (!d.enabled) return null
  return {
    scores: Object.fromEntries(REVIEW_CRITERIA.map((c) => [c.key, num(d.scores[c.key])])),
    pros: lines(d.pros),
    cons: lines(d.cons),
    verdict: d.verdict.trim(),
    reviewer: d.reviewer.trim(),
    testedAt: d.testedAt.trim(),
  }
}

/** The overall score the draft's scores make, when every score is a number from 1 to 5 (the form shows it as you type). */
export function draftOverall(d: ReviewDraft): number | null {
  const scores = Object.fromEntries(REVIEW_CRITERIA.map((c) => [c.key, d.scores[c.key].trim() === '' ? Number.NaN : Number(d.scores[c.key])])) as Record<ReviewCriterion, number>
  return Object.values(scores).every((n) => n >= 1 && n <= 5) ? overallScore(scores) : null
}

/** An offer window's instant as a date input shows it (YYYY-MM-DD, the UTC day). */
export const dayOfInstant = (v: string | null | undefined) => (v ? v.slice(0, 10) : '')
