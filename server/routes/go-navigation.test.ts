import { beforeAll, describe, expect, it } from 'vitest'
import { makeTestApp } from '../../test/make-app.ts'
import { storeSnapshots } from '../../test/fuzz/store-snapshot.ts'

/**
 * Issue 35, "Only real clicks count": another site's <img>, hidden <iframe>, <script> or fetch() pointing
 * at /go/<brand> must neither be counted as a click nor forward the browser to the partner (forced
 * clicks: cookie stuffing). Browsers say what a request is for in their Fetch Metadata headers
 * (Sec-Fetch-Dest, Sec-Fetch-Mode); only a top-level navigation is a click. Without those headers
 * (old browsers, curl, server-to-server) /go behaves as before (docs/attribution.md, "Only real clicks count").
 */
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'
let t: Awaited<ReturnType<typeof makeTestApp>>
let snapshots: ReturnType<typeof storeSnapshots>

beforeAll(async () => {
  t = await makeTestApp({ env: { GEO_HEADER: 'cf-ipcountry', GEO_DB: '0' } })
  snapshots = storeSnapshots(t.ctx.store, new Set(['user', 'account', 'session', 'verification', 'jwks']))
})

const go = (path: string, fetchMeta: Record<string, string>, country = 'GB') =>
  t.app.request(path, { headers: { 'user-agent': UA, 'cf-ipcountry': country, ...fetchMeta } })
const clicks = async () => {
  await t.ctx.services.tracker.flush()
  return t.ctx.store.collection('clicks').count()
}

/** What a browser sends for each way another page may make it request /go. */
const EMBEDDED: [string, Record<string, string>][] = [
  ['an <img>', { 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'cross-site' }],
  ['a hidden <iframe>', { 'sec-fetch-dest': 'iframe', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site' }],
  ['a <script>', { 'sec-fetch-dest': 'script', 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'cross-site' }],
  ["fetch() from another site's page", { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'cross-site' }],
  ['fetch() in no-cors mode', { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'cross-site' }],
  ['an <object>/<embed>', { 'sec-fetch-dest': 'embed', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site' }],
  ['a same-site <img> (an image field holding a /go URL)', { 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'same-origin' }],
  ['a mode other than navigate, with no destination', { 'sec-fetch-mode': 'no-cors' }],
  ['a destination other than document, with no mode', { 'sec-fetch-dest': 'image' }],
  ['a browser prefetch of a link', { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch' }],
]

describe('GET /go/:brandId counts and forwards top-level navigations only', () => {
  it.each(EMBEDDED)('answers %s with 403, no Location, no-store, and writes nothing to the store', async (_what, fetchMeta) => {
    const before = await snapshots.read()
    const res = await go('/go/nova-spins?from=home%3A&slot=home-offers&pos=1', fetchMeta)
    expect(res.status).toBe(403)
    expect(res.headers.get('location')).toBeNull()
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ message: expect.stringContaining('opened'), code: 'forbidden' })
    await t.ctx.services.tracker.flush()
    const after = await snapshots.read()
    expect(snapshots.changed(before.snapshot, after.snapshot)).toEqual([])
  })

  it('records no blocked click either for a brand the visitor may not see (no 451 page in an image)', async () => {
    const before = await clicks()
    const res = await go('/go/albion-casino', EMBEDDED[0]![1], 'US')
    expect(res.status).toBe(403)
    expect(await clicks()).toBe(before)
  })

  it.each([
    ['a click on a link on this site', { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'same-origin', 'sec-fetch-user': '?1' }],
    ["a click on a link on another site (a newsletter, a partner's page)", { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site', 'sec-fetch-user': '?1' }],
    ['a link typed or pasted into the address bar', { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none', 'sec-fetch-user': '?1' }],
    ['a client that sends no Fetch Metadata (an old browser, curl)', {}],
  ])('counts and forwards %s', async (_what, fetchMeta) => {
    const before = await clicks()
    const res = await go('/go/nova-spins', fetchMeta)
    expect(res.status).toBe(302)
    expect(new URL(res.headers.get('location')!).host).toBe('novaspins.example')
    expect(await clicks()).toBe(before + 1)
  })

  it('reads the headers case-insensitively, as browsers may send any case', async () => {
    const res = await go('/go/nova-spins', { 'sec-fetch-dest': 'Image', 'sec-fetch-mode': 'No-CORS' })
    expect(res.status).toBe(403)
    const ok = await go('/go/nova-spins', { 'sec-fetch-dest': 'Document', 'sec-fetch-mode': 'Navigate' })
    expect(ok.status).toBe(302)
  })
})
