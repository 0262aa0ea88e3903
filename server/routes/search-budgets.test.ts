import { beforeAll, describe, expect, it } from 'vitest'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { NEW_QUERIES_PER_NETWORK } from '../search/queries.ts'

/**
 * Issue 35, "Budgets per visitor, not per day for everyone", over HTTP: one address's junk searches spend
 * that address's budget of new queries, not the day's, and GET /api/search/queries ranks by distinct
 * visitors (networks, as /go counts them), so a flood from one address cannot top the editors' list.
 */
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'
let t: Awaited<ReturnType<typeof makeTestApp>>
let editor: string

beforeAll(async () => {
  // TRUST_PROXY: each request says its client's address in X-Forwarded-For
  t = await makeTestApp({ env: { TRUST_PROXY: '1' } })
  editor = (await loginAs(t, 'editor')).accessToken
})

const search = (q: string, ip: string) => t.app.request(`/api/search?${new URLSearchParams({ q })}`, { headers: { 'user-agent': UA, 'x-forwarded-for': ip } })
const queries = async () => (await (await t.app.request('/api/search/queries?days=1&limit=200', { headers: { authorization: `Bearer ${editor}` } })).json()).queries as { query: string; searches: number; visitors: number }[]

describe('GET /api/search counts searches per network', () => {
  it("one address's flood of new queries is bounded by its own budget; another reader's query is still counted", async () => {
    for (let i = 0; i < NEW_QUERIES_PER_NETWORK + 40; i++) expect((await search(`zzjunk${i} spam`, '203.0.113.66')).status).toBe(200)
    expect((await search('reload bonus', '198.51.100.4')).status).toBe(200)
    const list = await queries()
    expect(list.filter((q) => q.query.startsWith('zzjunk'))).toHaveLength(NEW_QUERIES_PER_NETWORK)
    expect(list.find((q) => q.query === 'reload bonus')).toMatchObject({ searches: 1, visitors: 1 })
  })

  it('the Searches list ranks by distinct visitors, not raw searches', async () => {
    for (let i = 0; i < 30; i++) await search('free spins hack', '203.0.113.77')
    for (const ip of ['198.51.100.10', '198.51.100.11', '2001:db8:5::1']) await search('withdrawal times', ip)
    const list = await queries()
    const rank = (q: string) => list.findIndex((r) => r.query === q)
    expect(list.find((r) => r.query === 'withdrawal times')).toMatchObject({ searches: 3, visitors: 3 })
    expect(list.find((r) => r.query === 'free spins hack')).toMatchObject({ searches: 30, visitors: 1 })
    expect(rank('withdrawal times')).toBeLessThan(rank('free spins hack'))
    expect(rank('withdrawal times')).toBe(0)
  })
})
