/**
 * A brand's structured review (issue 22): a score per criterion, and the overall score computed from
 * them with the weights below — the one place they live: the brand page, the comparison table's "Score"
 * column, the offer lists' rating and the Review JSON-LD all read `overallScore`. No zod here (public
 * pages' components import this module; the rules are in ./reviews.ts).
 */
export const REVIEW_CRITERIA = [
  { key: 'bonuses', label: 'Bonuses', weight: 0.2 },
  { key: 'games', label: 'Games', weight: 0.15 },
  { key: 'payments', label: 'Payments', weight: 0.2 },
  { key: 'support', label: 'Support', weight: 0.1 },
  { key: 'mobile', label: 'Mobile', weight: 0.1 },
  { key: 'safety', label: 'Safety & licence', weight: 0.25 },
] as const
export type ReviewCriterion = (typeof REVIEW_CRITERIA)[number]['key']

export type BrandReview = {
  scores: Record<ReviewCriterion, number>
  pros: string[]
  cons: string[]
  verdict: string
  /** who tested the brand (a person's name: the Review's author) */
  reviewer: string
  /** the day (YYYY-MM-DD) the reviewer tested it */
  testedAt: string
  /** criteria a page does not show (never stored: a market barring inducements hides the bonus score, lib/markets.ts) */
  hidden?: readonly ReviewCriterion[]
}

/** The weighted mean of the scores, to one decimal (4.35 → 4.4). Weights sum to 1. */
export function overallScore(scores: Record<ReviewCriterion, number>): number {
  let sum = 0
  for (const c of REVIEW_CRITERIA) sum += scores[c.key] * c.weight
  return Math.round(sum * 10 + 1e-9) / 10
}

/** "4.5", "4" → "4.0": how every page writes a score out of 5. */
export const formatScore = (n: number) => n.toFixed(1)

/** The score a brand shows everywhere: its review's overall score when it has a review, else the editor's rating. */
export function brandScore(brand: { rating: number | null; review?: BrandReview | null }): number | null {
  return brand.review ? overallScore(brand.review.scores) : brand.rating
}
