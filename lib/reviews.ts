import * as z from 'zod'
import { isoDaySchema } from './brand-facts-schema.ts'
import { utcDay } from './format.ts'
import { type BrandReview, REVIEW_CRITERIA, type ReviewCriterion } from './review-score.ts'

// no eval probe under the site's CSP (lib/schemas.ts says why); before any schema is built
if (typeof document !== 'undefined') z.config({ jitless: true })

/** The rules for a brand's review (issue 22; what it is and how it scores: ./review-score.ts). */
export const REVIEW_LIMITS = { items: 10, item: 200, verdict: 2_000, reviewer: 100 }
export const SCORE_MIN = 1
export const SCORE_MAX = 5

const scoreSchema = z
  .number('must be a number from 1 to 5')
  .min(SCORE_MIN, 'must be from 1 to 5')
  .max(SCORE_MAX, 'must be from 1 to 5')
  .refine((n) => Number.isInteger(n * 2), 'must be a whole or half point, e.g. 4 or 4.5')

const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'cannot be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(v), { message: 'must be plain text' })

export const reviewSchema: z.ZodType<BrandReview, unknown> = z.strictObject({
  scores: z.strictObject(Object.fromEntries(REVIEW_CRITERIA.map((c) => [c.key, scoreSchema])) as Record<ReviewCriterion, typeof scoreSchema>),
  pros: z.array(line(REVIEW_LIMITS.item)).max(REVIEW_LIMITS.items, `at most ${REVIEW_LIMITS.items} pros`).default([]),
  cons: z.array(line(REVIEW_LIMITS.item)).max(REVIEW_LIMITS.items, `at most ${REVIEW_LIMITS.items} cons`).default([]),
  verdict: line(REVIEW_LIMITS.verdict),
  /** who tested the brand (a person's name: the Review's author) */
  reviewer: line(REVIEW_LIMITS.reviewer),
  /** the day the reviewer tested it */
  testedAt: isoDaySchema.refine((v) => v <= utcDay(new Date()), 'cannot be in the future'),
})
