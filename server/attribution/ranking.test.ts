import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { emptyFigures, type Figures, toCents, withRatios } from '../../lib/figures.ts'
import { SORTS, type SortKey } from '../../lib/reports.ts'
import { rank, touched } from './ranking.ts'

/** An aggregate of random rows: counts and unrounded revenue (negative too: clawbacks). */
const rows = fc.uniqueArray(fc.record({ key: fc.string({ minLength: 1, maxLength: 6 }), clicks: fc.nat(50), views: fc.nat(500), ftds: fc.nat(5), revenue: fc.oneof(fc.double({ min: -50, max: 500, noNaN: true }), fc.integer({ min: -5000, max: 50000 }).map((c) => c / 100), fc.constant(0)) }), { selector: (r) => r.key, maxLength: 300 })
const aggregate = (list: { key: string; clicks: number; views: number; ftds: number; revenue: number }[]) => new Map(list.map((r) => [r.key, { ...emptyFigures(), clicks: r.clicks, views: r.views, ftds: r.ftds, revenue: r.revenue } as Figures]))

/** What a report did before: every row rounded by toCents, then every row sorted. */
function reference(agg: Map<string, Figures>, sort: SortKey, dir: 1 | -1) {
  const keys = [...agg.keys()]
  const { cents, total } = toCents(keys.map((k) => agg.get(k)!.revenue))
  const rounded = new Map(keys.map((k, i) => [k, withRatios({ ...agg.get(k)!, revenue: cents[i]! / 100 })]))
  return { rounded, total: total / 100 }
}

describe('ranking a report without sorting every row (issue 35)', () => {
  it('rounds every row to the cent exactly as toCents does, and the page is the full sort’s page', () => {
    fc.assert(
      fc.property(rows, fc.constantFrom(...SORTS), fc.constantFrom<1 | -1>(1, -1), fc.nat(40), fc.integer({ min: 0, max: 60 }), (list, sort, dir, offset, limit) => {
        const agg = aggregate(list)
        const ref = reference(agg, sort, dir)
        const r = rank(agg, sort, dir, offset, limit)
        expect(r.count).toBe(list.length)
        expect(Math.round(r.total.revenue * 100)).toBe(Math.round(ref.total * 100))
        for (const key of agg.keys()) expect(r.figures(key).revenue, key).toBe(ref.rounded.get(key)!.revenue)
        // the same page as sorting every row by the unrounded figure (ties: more clicks, then the key)
        const all = rank(agg, sort, dir, 0, 100_000).keys
        expect(r.keys).toEqual(all.slice(offset, offset + limit))
        for (let i = 1; i < all.length; i++) {
          const [a, b] = [r.figures(all[i - 1]!), r.figures(all[i]!)]
          if (sort !== 'revenue' && sort !== 'epc' && sort !== 'rpm') expect(dir * (a[sort] - b[sort])).toBeLessThanOrEqual(1e-9)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('works a changed aggregate out again once it is marked touched', () => {
    const agg = aggregate([{ key: 'a', clicks: 1, views: 1, ftds: 0, revenue: 1 }, { key: 'b', clicks: 2, views: 1, ftds: 0, revenue: 2 }])
    expect(rank(agg, 'revenue', -1, 0, 1).keys).toEqual(['b'])
    agg.get('a')!.revenue = 5
    touched(agg)
    expect(rank(agg, 'revenue', -1, 0, 1).keys).toEqual(['a'])
    expect(rank(agg, 'revenue', -1, 0, 1).total.revenue).toBe(7)
  })
})
