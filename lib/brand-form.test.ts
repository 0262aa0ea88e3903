import { describe, expect, it } from 'vitest'
import { addTag, orDash, promoSummary, removeColumn } from './brand-form.ts'
import { customParamsSchema, type PromoTable } from './schemas.ts'
import { findEventCode, formatCampaignType, goalsByKind, parseCampaignType } from './event-codes.ts'

describe('campaign type (spec §4)', () => {
  it("splits 'App - X' and 'Web - X' into kind and goal", () => {
    expect(parseCampaignType('App - Install')).toEqual({ kind: 'app', goal: 'Install' })
    expect(parseCampaignType('Web - Sale')).toEqual({ kind: 'web', goal: 'Sale' })
    expect(parseCampaignType('web -  lead ')).toEqual({ kind: 'web', goal: 'Lead' })
  })
  it("sets only the kind for a bare 'app' or 'web'", () => {
    expect(parseCampaignType('app')).toEqual({ kind: 'app', goal: '' })
    expect(parseCampaignType('Web')).toEqual({ kind: 'web', goal: '' })
  })
  it("clears a goal that is not in that kind's list", () => {
    expect(parseCampaignType('App - Sale')).toEqual({ kind: 'app', goal: '' })
    expect(parseCampaignType('Web - Install')).toEqual({ kind: 'web', goal: '' })
  })
  it('knows nothing of other text', () => expect(parseCampaignType('CPA - Sale')).toEqual({ kind: '', goal: '' }))
  it('formats the label back, and both kinds have goals from the reference codes', () => {
    expect(formatCampaignType('app', 'Register')).toBe('App - Register')
    expect(goalsByKind.app).toContain('Dynamic Install')
    expect(goalsByKind.app).not.toContain('Fraud')
    expect(goalsByKind.web).toEqual(expect.arrayContaining(['Lead', 'Sale', 'Goal4']))
  })
  it('finds event codes by number or name', () => {
    expect(findEventCode(1006)?.name).toBe('Sale')
    expect(findEventCode('install')?.code).toBe(0)
    expect(findEventCode('nope')).toBeUndefined()
  })
})

describe('tag inputs (spec §5)', () => {
  it('trims, and ignores empty values and duplicates', () => {
    expect(addTag([], '  typeNew ')).toEqual(['typeNew'])
    expect(addTag(['typeNew'], 'typeNew')).toEqual(['typeNew'])
    expect(addTag(['a'], '   ')).toEqual(['a'])
    expect(addTag([], 'typeNew, typeHot,,typeNew')).toEqual(['typeNew', 'typeHot']) // pasted with commas
  })
})

describe('promo table editor (spec §5)', () => {
  it("removing a column removes that column's cell from every row", () => {
    const t: PromoTable = { heading: 'H', columns: ['A', 'B', 'C'], rows: [{ col1: 'a1', col2: 'b1', col3: 'c1' }, { col1: 'a2', col3: 'c2' }] }
    expect(removeColumn(t, 1)).toEqual({ heading: 'H', columns: ['A', 'C'], rows: [{ col1: 'a1', col2: 'c1' }, { col1: 'a2', col2: 'c2' }] })
    expect(removeColumn(t, 2).rows).toEqual([{ col1: 'a1', col2: 'b1' }, { col1: 'a2' }])
  })
})

describe('promo table cell summary (spec §2, §9)', () => {
  const table = (rows: number) => ({ heading: 'Welcome', columns: ['D', 'M'], rows: Array.from({ length: rows }, (_, i) => ({ col1: `d${i}`, col2: `m${i}` })) })
  it('shows the heading and up to 2 rows joined with |', () => {
    expect(promoSummary(table(2))).toBe('Welcome | d0, m0 | d1, m1')
  })
  it("adds '...(N rows)' past 2 rows", () => expect(promoSummary(table(3))).toBe('Welcome | d0, m0 | d1, m1 ...(3 rows)'))
  it("shows '-' without a table", () => {
    expect(promoSummary(null)).toBe('-')
    expect(orDash('')).toBe('-')
    expect(orDash([])).toBe('-')
    expect(orDash(['a', 'b'])).toBe('a, b')
  })
})

describe('customParams (spec §3)', () => {
  it('turns an object map into a list', () => {
    expect(customParamsSchema.parse({ a: '1', b: '2' })).toEqual([{ key: 'a', value: '1' }, { key: 'b', value: '2' }])
    expect(customParamsSchema.parse([{ key: 'x', value: 'y' }])).toEqual([{ key: 'x', value: 'y' }])
  })
})
