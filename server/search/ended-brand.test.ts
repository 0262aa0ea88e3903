import { beforeAll, describe, expect, it } from 'vitest'
import type { SearchAnswer, SuggestAnswer } from '../../lib/search.ts'
import { makeTestApp } from '../../test/make-app.ts'

/**
 * Issue 34: a brand whose offer has ended is still found by its name, and the search leads to its page
 * (which says the offer has ended and shows alternatives), never to an offer card of the ended offer.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>
beforeAll(async () => {
  t = await makeTestApp({ env: { GEO_HEADER: 'cf-ipcountry', GEO_DB: '0' } })
  const moon = (await t.ctx.repos.brands.findById('moonjackpot'))!
  await t.ctx.repos.brands.replace('moonjackpot', { ...moon, validFrom: null, validUntil: '2020-01-31T23:59:59.000Z' } as never)
  t.ctx.renderCache.clear()
})
const from = { headers: { 'cf-ipcountry': 'GB' } }
const search = async (q: string) => (await (await t.app.request(`/api/search?${new URLSearchParams({ q })}`, from)).json()) as SearchAnswer

describe('an ended brand in search', () => {
  it('is found by its name as a link to its page, not as an offer', async () => {
    const a = await search('moonjackpot')
    expect(a.brands.map((b) => b._id)).not.toContain('moonjackpot')
    expect(a.brandPages).toEqual([{ name: 'MoonJackpot', href: '/brands/moonjackpot', state: 'ended' }])
  })

  it('a running brand is an offer card, and no brand page link besides', async () => {
    const a = await search('nova spins')
    expect(a.brands[0]!._id).toBe('nova-spins')
    expect(a.brandPages).toBeUndefined()
  })

  it('its suggestion leads to its page, which says the offer has ended', async () => {
    const s = (await (await t.app.request('/api/search/suggest?q=moonjack', from)).json()) as SuggestAnswer
    expect(s.suggestions[0]).toMatchObject({ kind: 'brand', href: '/brands/moonjackpot' })
  })
})
