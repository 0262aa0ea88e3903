import * as z from 'zod'
import { type BrandFacts, FACTS_LIMITS, PAYMENT_METHODS, WAGERING_BASES, type WageringBase } from './brand-facts.ts'
import { isCurrencyCode } from './currencies.ts'
import { isCalendarDay, utcDay } from './format.ts'

// no eval probe under the site's CSP (lib/schemas.ts says why); before any schema is built
if (typeof document !== 'undefined') z.config({ jitless: true })

/** The rules for a brand's facts (issue 22; what they are: ./brand-facts.ts): a 400 names the fact. */
const plain = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !/[\u0000-\u001f\u007f<>]/.test(v), { message: 'must be plain text on one line' })

/** A calendar day, YYYY-MM-DD, that exists. */
export const isoDaySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine(isCalendarDay, 'is not a date in the calendar')

export const licenceSchema = z.strictObject({ regulator: plain(FACTS_LIMITS.text), number: plain(FACTS_LIMITS.text) })

export const brandFactsSchema: z.ZodType<BrandFacts> = z.strictObject({
  licences: z.array(licenceSchema).max(FACTS_LIMITS.licences, `at most ${FACTS_LIMITS.licences} licences`).optional(),
  minDeposit: z
    .strictObject({
      amount: z.number('must be a number').min(0, 'cannot be negative').max(FACTS_LIMITS.maxDeposit, `must be at most ${FACTS_LIMITS.maxDeposit}`),
      currency: z
        .string()
        .trim()
        .toUpperCase()
        // a currency in circulation (./currencies.ts), as everywhere else: Intl also knows XXX, XAU, DEM…
        .refine(isCurrencyCode, 'must be the ISO 4217 code of a currency in circulation, e.g. GBP, EUR, USD'),
    })
    .optional(),
  wagering: z
    .strictObject({
      multiplier: z.number('must be a number').min(0, 'cannot be negative').max(200, 'must be at most 200'),
      appliesTo: z.enum(Object.keys(WAGERING_BASES) as [WageringBase, ...WageringBase[]], `must be one of ${Object.keys(WAGERING_BASES).join(', ')}`),
    })
    .optional(),
  withdrawalHours: z.number('must be a number').int('must be whole hours').min(0, 'cannot be negative').max(FACTS_LIMITS.maxHours, `must be at most ${FACTS_LIMITS.maxHours} hours`).optional(),
  paymentMethods: z
    .array(z.enum(PAYMENT_METHODS, `must be one of: ${PAYMENT_METHODS.join(', ')}`))
    .max(FACTS_LIMITS.paymentMethods)
    .refine((v) => new Set(v).size === v.length, 'lists a payment method twice')
    .optional(),
  launchYear: z
    .number('must be a number')
    .int('must be a year')
    .min(1990, 'must be 1990 or later')
    .refine((y) => y <= new Date().getUTCFullYear(), 'cannot be in the future')
    .optional(),
  bonusCode: z
    .string()
    .trim()
    .max(FACTS_LIMITS.bonusCode, `must be at most ${FACTS_LIMITS.bonusCode} characters`)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'may hold letters, digits, hyphens and underscores, without spaces')
    .optional(),
  /** the day an editor last checked these facts against the operator's site */
  lastVerified: isoDaySchema.refine((v) => v <= utcDay(new Date()), 'cannot be in the future').optional(),
})
