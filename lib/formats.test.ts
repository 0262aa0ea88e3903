import { describe, expect, it } from 'vitest'
import { compactFacts, factRows, formatWagering, formatWithdrawal } from './brand-facts.ts'
import { formatMoney } from './format.ts'
import { brandFactsSchema } from './brand-facts-schema.ts'
import { directivesIn, formatCompareDirective, parseCompareDirective } from './comparison.ts'
import { daysLeft, nextBoundary, offersDue, offerState, validFromSchema, validUntilSchema, windowIssue } from './offer-lifecycle.ts'
import { brandScore, overallScore } from './review-score.ts'
import { reviewSchema } from './reviews.ts'
import { activeOfferFilter } from '../db/repositories/brand-query.ts'

const issuePath = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? null : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)

describe('brand facts', () => {
  it('accepts a full set and normalises the currency', () => {
    const r = brandFactsSchema.safeParse({
      licences: [{ regulator: 'UKGC', number: '39483' }],
      minDeposit: { amount: 10, currency: 'gbp' },
      wagering: { multiplier: 35, appliesTo: 'bonus' },
      withdrawalHours: 24,
      paymentMethods: ['Visa', 'PayPal'],
      launchYear: 2019,
      bonusCode: 'NOVA50',
      lastVerified: '2026-01-02',
    })
    expect(issuePath(r)).toBeNull()
    expect(r.data!.minDeposit!.currency).toBe('GBP')
  })

  it.each([
    [{ minDeposit: { amount: 10, currency: 'XYZ' } }, 'minDeposit.currency'],
    [{ minDeposit: { amount: -1, currency: 'EUR' } }, 'minDeposit.amount'],
    [{ wagering: { multiplier: 35, appliesTo: 'deposit-ish' } }, 'wagering.appliesTo'],
    [{ withdrawalHours: 1.5 }, 'withdrawalHours'],
    [{ paymentMethods: ['Visa', 'Visa'] }, 'paymentMethods'],
    [{ paymentMethods: ['Cheque by pigeon'] }, 'paymentMethods.0'],
    [{ launchYear: 2999 }, 'launchYear'],
    [{ bonusCode: 'TWO WORDS' }, 'bonusCode'],
    [{ lastVerified: '2026-02-30' }, 'lastVerified'],
    [{ lastVerified: '2999-01-01' }, 'lastVerified'],
    [{ licences: [{ regulator: '<b>x</b>', number: '1' }] }, 'licences.0.regulator'],
    [{ colour: 'red' }, ''],
  ])('refuses %j, naming %s', (facts, path) => {
    const r = brandFactsSchema.safeParse(facts)
    expect(r.success).toBe(false)
    expect(r.error!.issues[0]!.path.join('.')).toBe(path)
  })

  it('drops empty parts and says the facts as a reader reads them', () => {
    expect(compactFacts({ paymentMethods: [], bonusCode: '', launchYear: 2020 })).toEqual({ launchYear: 2020 })
    expect(formatMoney(10, 'GBP')).toBe('£10')
    expect(formatMoney(5.5, 'USD')).toBe('$5.50')
    expect(formatWagering({ multiplier: 0, appliesTo: 'bonus' })).toBe('No wagering')
    expect(formatWagering({ multiplier: 35, appliesTo: 'deposit_bonus' })).toBe('35× deposit + bonus')
    expect(formatWithdrawal(0)).toBe('Instant')
    expect(formatWithdrawal(24)).toBe('Up to 24 hours')
    expect(formatWithdrawal(72)).toBe('Up to 3 days')
    expect(factRows({ launchYear: 2019, licences: [{ regulator: 'MGA', number: 'B2C/1' }] }).map((r) => [r.label, r.value])).toEqual([
      ['Licence', 'MGA (B2C/1)'],
      ['Launched', '2019'],
    ])
  })
})

describe('structured review', () => {
  const scores = { bonuses: 4, games: 4.5, payments: 5, support: 3, mobile: 4, safety: 5 }
  it('computes the overall score from the weights, to one decimal', () => {
    // .2·4 + .15·4.5 + .2·5 + .1·3 + .1·4 + .25·5 = 4.425
    expect(overallScore(scores)).toBe(4.4)
    expect(overallScore({ bonuses: 1, games: 1, payments: 1, support: 1, mobile: 1, safety: 1 })).toBe(1)
    expect(brandScore({ rating: 3, review: { scores, pros: [], cons: [], verdict: 'x', reviewer: 'Maya Chen', testedAt: '2026-01-01' } })).toBe(4.4)
    expect(brandScore({ rating: 3, review: null })).toBe(3)
  })

  it('accepts whole and half points from 1 to 5 and names a bad criterion', () => {
    const ok = { scores, pros: ['Fast payouts'], cons: [], verdict: 'Solid.', reviewer: 'Maya Chen', testedAt: '2026-01-01' }
    expect(issuePath(reviewSchema.safeParse(ok))).toBeNull()
    for (const [bad, path] of [
      [{ ...ok, scores: { ...scores, games: 4.3 } }, 'scores.games'],
      [{ ...ok, scores: { ...scores, safety: 6 } }, 'scores.safety'],
      [{ ...ok, scores: { ...scores, support: undefined } }, 'scores.support'],
      [{ ...ok, verdict: '  ' }, 'verdict'],
      [{ ...ok, testedAt: '2999-01-01' }, 'testedAt'],
      [{ ...ok, pros: Array(11).fill('x') }, 'pros'],
    ] as const) {
      const r = reviewSchema.safeParse(bad)
      expect(r.success, path).toBe(false)
      expect(r.error!.issues[0]!.path.join('.')).toBe(path)
    }
  })
})

describe('offer lifecycle', () => {
  const now = new Date('2026-06-15T12:00:00Z')
  it('reads a day as the whole day in UTC and refuses what is not a date', () => {
    expect(validFromSchema.parse('2026-06-01')).toBe('2026-06-01T00:00:00.000Z')
    expect(validUntilSchema.parse('2026-06-30')).toBe('2026-06-30T23:59:59.999Z')
    expect(validUntilSchema.parse('2026-06-30T18:00:00+02:00')).toBe('2026-06-30T16:00:00.000Z')
    expect(validUntilSchema.parse('')).toBeNull()
    expect(validUntilSchema.parse(undefined)).toBeUndefined()
    expect(validUntilSchema.safeParse('2026-02-30').success).toBe(false)
    expect(validUntilSchema.safeParse('next week').success).toBe(false)
    expect(windowIssue({ validFrom: '2026-06-02T00:00:00.000Z', validUntil: '2026-06-01T00:00:00.000Z' })).toMatch(/after validFrom/)
    expect(windowIssue({ validFrom: '2026-06-01T00:00:00.000Z', validUntil: null })).toBeNull()
  })

  it('knows upcoming, active and ended, through the last millisecond', () => {
    expect(offerState({}, now)).toBe('active')
    expect(offerState({ validFrom: '2026-06-16T00:00:00.000Z' }, now)).toBe('upcoming')
    expect(offerState({ validUntil: '2026-06-15T11:59:59.999Z' }, now)).toBe('ended')
    expect(offerState({ validUntil: '2026-06-15T12:00:00.000Z' }, now)).toBe('active')
    expect(daysLeft({ validUntil: '2026-06-17T23:59:59.999Z' }, now)).toBe(2)
    expect(daysLeft({ validUntil: '2026-06-01T00:00:00.000Z' }, now)).toBeNull()
  })

  it('finds the next instant a page may change, and filters like offerState', () => {
    const windows = [{ validUntil: '2026-06-20T23:59:59.999Z' }, { validFrom: '2026-06-18T00:00:00.000Z' }, { validUntil: '2026-06-01T00:00:00.000Z' }]
    expect(nextBoundary(windows, now)).toBe(Date.parse('2026-06-18T00:00:00.000Z'))
    expect(nextBoundary([{ validUntil: '2026-06-15T12:00:00.000Z' }], now)).toBe(now.getTime() + 1)
    expect(nextBoundary([], now)).toBeNull()
    expect(JSON.stringify(activeOfferFilter(now))).toContain('"$lte":"2026-06-15T12:00:00.000Z"')
  })
})

describe('what is due a check', () => {
  it('sorts offers into ending within the days asked, ended, and facts not checked for 90 days', () => {
    const now = new Date('2026-06-15T12:00:00Z')
    const due = offersDue(
      [
        { _id: 'soon', brandName: 'Soon', validUntil: '2026-06-17T23:59:59.999Z', facts: { lastVerified: '2026-06-01' } },
        { _id: 'later', brandName: 'Later', validUntil: '2026-07-30T23:59:59.999Z', facts: { lastVerified: '2026-06-01' } },
        { _id: 'over', brandName: 'Over', validUntil: '2026-06-10T23:59:59.999Z' },
        { _id: 'old', brandName: 'Old', facts: { lastVerified: '2026-03-17' } },
        { _id: 'fresh', brandName: 'Fresh', facts: { lastVerified: '2026-03-18' } },
        { _id: 'never', brandName: 'Never' },
      ],
      now,
      7,
    )
    expect(due.ending).toEqual([{ _id: 'soon', brandName: 'Soon', validUntil: '2026-06-17T23:59:59.999Z', daysLeft: 2 }])
    expect(due.ended.map((o) => o._id)).toEqual(['over'])
    // 90 days before 15 June is 17 March; an ended offer is not asked to be checked as well
    expect(due.stale).toEqual([
      { _id: 'never', brandName: 'Never', lastVerified: null, daysSince: null },
      { _id: 'old', brandName: 'Old', lastVerified: '2026-03-17', daysSince: 90 },
    ])
    expect(offersDue([{ _id: 'later', brandName: 'Later', validUntil: '2026-07-30T23:59:59.999Z', facts: { lastVerified: '2026-06-01' } }], now, 60).ending).toHaveLength(1)
  })
})

describe('comparison directive', () => {
  it('reads brands, a rule, limit, columns and title', () => {
    expect(parseCompareDirective('{{compare brands="nova-spins, arcadia-bet" columns="bonus, code, score"}}')).toEqual({
      spec: { brands: ['nova-spins', 'arcadia-bet'], limit: 5, columns: ['bonus', 'code', 'score'] },
    })
    expect(parseCompareDirective('  {{compare type="typeCrypto" limit="3" title="Best crypto"}} ')).toEqual({
      spec: { type: 'typeCrypto', limit: 3, columns: ['bonus', 'wagering', 'minDeposit', 'score'], title: 'Best crypto' },
    })
    expect(parseCompareDirective('text {{compare brands="a"}}')).toBeNull()
    expect(parseCompareDirective('plain paragraph')).toBeNull()
  })

  it.each([
    ['{{compare}}', /choose the brands/],
    ['{{compare brands="a" type="typeCrypto"}}', /not both/],
    ['{{compare brands="a" colour="red"}}', /unknown setting "colour"/],
    ['{{compare brands="a" columns="bonus, rtp"}}', /unknown column "rtp"/],
    ['{{compare tag="Crypto" limit="11"}}', /limit must be/],
    ['{{compare brands="a b"}}', /is not a brand id/],
    ['{{compare brands=a}}', /name="value"/],
  ])('says what is wrong with %s', (line, message) => {
    const r = parseCompareDirective(line)
    expect(r && 'error' in r ? r.error : null).toMatch(message)
  })

  it('writes what it reads, and finds directives by line', () => {
    const text = formatCompareDirective({ brands: ['a', 'b'], columns: ['bonus', 'code'], title: 'Say "hi"' })
    expect(parseCompareDirective(text)).toEqual({ spec: { brands: ['a', 'b'], limit: 5, columns: ['bonus', 'code'], title: "Say 'hi'" } })
    const found = directivesIn(`Intro\n\n${text}\n{{compare nope="1"}}`)
    expect(found.map((d) => [d.line, 'error' in d.result])).toEqual([
      [3, false],
      [4, true],
    ])
  })
})
