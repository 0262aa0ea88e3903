import { describe, expect, it } from 'vitest'
import { json, loginAs, makeTestApp } from '../../test/make-app.ts'
import { DEFAULT_CLICK_VELOCITY_LIMIT } from '../config.ts'

/**
 * Issue 24: uniques that resist inflation. A visitor is their network (the IPv4 address, the IPv6 /64)
 * after TRUST_PROXY; the user agent only tells bots apart. A network's clicks on a brand past the
 * velocity limit in an hour are suspect: clicks, never unique, shown apart, and their conversions flagged.
 * X-Forwarded-For (with TRUST_PROXY=1) plays each client's address.
 */
const UA = (n: number | string) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 person-${n}`
const SECRET = 'postback-secret-0123456789'
const N = DEFAULT_CLICK_VELOCITY_LIMIT
const DAY = '2026-11-12'

async function fresh(env: Record<string, string> = {}) {
  let clock = Date.parse(`${DAY}T09:00:00Z`)
  const t = await makeTestApp({ env: { TRUST_PROXY: '1', POSTBACK_SECRET: SECRET, ...env }, now: () => new Date(clock) })
  const editor = (await loginAs(t, 'editor')).accessToken
  const from = (ip: string, ua: string) => ({ 'user-agent': ua, 'x-forwarded-for': ip })
  /** A click through /go from `ip` with `ua`: its stored record (a 302 means it is stored). */
  const go = async (brand: string, ip: string, ua = UA('a')) => {
    const res = await t.app.request(`/go/${brand}`, { headers: from(ip, ua) })
    expect(res.status).toBe(302)
    const clickid = new URL(res.headers.get('location')!).searchParams.get('click_id')!
    const click = await t.ctx.repos.clicks.findByClickId(clickid)
    expect(click).not.toBeNull()
    return click as unknown as { clickid: string; unique: boolean; suspect?: boolean; visitor: string }
  }
  /** A click through POST /api/clicks (the spec's browser flow). */
  let posted = 0
  const post = async (brand: string, ip: string, ua = UA('a')) => {
    const clickid = `issue24-${++posted}-${Math.random().toString(36).slice(2, 8)}`
    const res = await t.app.request('/api/clicks', json({ clickid, brandId: brand, userId: null, user_agent: ua, gaid: null, timestamp: new Date(clock).toISOString() }, from(ip, ua)))
    expect(res.status).toBe(201)
    return (await t.ctx.repos.clicks.findByClickId(clickid)) as unknown as { clickid: string; unique: boolean; suspect?: boolean }
  }
  const view = (page: string, ip: string, ua = UA('a')) => t.app.request('/api/track/view', json({ page, slots: [] }, from(ip, ua)))
  const report = async (brand: string) => {
    const res = await t.app.request(`/api/reports/brands?from=${DAY}&to=${DAY}`, { headers: { authorization: `Bearer ${editor}` } })
    return (await res.json()).rows.find((b: { key: string }) => b.key === brand).figures
  }
  const siteViews = async () => (await t.ctx.repos.counters.sum({ dim: 'site', from: DAY, to: DAY, subs: '', by: 'key' }))[0]?.values.views ?? 0
  const postback = (q: Record<string, string>) => t.app.request(`/api/postback?${new URLSearchParams({ ...q, key: SECRET })}`)
  return { t, go, post, view, report, siteViews, postback, later: (ms: number) => (clock += ms) }
}
/** U: unique, S: suspect, -: a plain repeat (counted as a click only). */
const mark = (c: { unique: boolean; suspect?: boolean }) => (c.suspect ? (c.unique ? '?' : 'S') : c.unique ? 'U' : '-')
const marks = (clicks: { unique: boolean; suspect?: boolean }[]) => clicks.map(mark).join('')
const times = async <T>(n: number, f: (i: number) => Promise<T>) => {
  const out: T[] = []
  for (let i = 0; i < n; i++) out.push(await f(i))
  return out
}

describe('a visitor is their network, not their user agent (issue 24)', () => {
  it("20 user agents from one address count one unique (the probe's reproduction), through /go and POST /api/clicks", async () => {
    const { go, post, report } = await fresh()
    const redirects = await times(20, (i) => go('nova-spins', '203.0.113.10', UA(i)))
    expect(marks(redirects)).toBe(`U${'-'.repeat(N - 1)}${'S'.repeat(20 - N)}`)
    expect(new Set(redirects.map((c) => c.visitor)).size).toBe(1)
    const posted = await times(20, (i) => post('royal-reel', '203.0.113.10', UA(`post-${i}`)))
    expect(marks(posted)).toBe(`U${'-'.repeat(N - 1)}${'S'.repeat(20 - N)}`)
    expect(await report('nova-spins')).toMatchObject({ clicks: 20, uniqueClicks: 1, suspectClicks: 20 - N, botClicks: 0 })
    expect(await report('royal-reel')).toMatchObject({ clicks: 20, uniqueClicks: 1, suspectClicks: 20 - N })
  })

  it('IPv6: addresses rotating within one /64 count one unique; two /64s count two', async () => {
    const { go, report } = await fresh()
    const clicks = await times(8, (i) => go('nova-spins', `2001:db8:24:1:${(i * 7919).toString(16)}:${i}::${i + 1}`, UA(i)))
    expect(marks(clicks)).toBe('U-------')
    expect(mark(await go('nova-spins', '2001:db8:24:2::1'))).toBe('U') // the next /64 is another subscriber
    expect(await report('nova-spins')).toMatchObject({ clicks: 9, uniqueClicks: 2, suspectClicks: 0 })
  })

  it('an IPv4-mapped IPv6 address (a dual-stack socket) is its IPv4 address', async () => {
    const { go } = await fresh()
    expect(marks([await go('nova-spins', '::ffff:198.51.100.20'), await go('nova-spins', '198.51.100.20'), await go('nova-spins', '198.51.100.21')])).toBe('U-U')
  })

  it('bots are still told apart by their user agent, whatever their address', async () => {
    const { go, report } = await fresh()
    await go('nova-spins', '203.0.113.30', UA('person'))
    const bot = await go('nova-spins', '203.0.113.30', 'Googlebot/2.1 (+http://www.google.com/bot.html)')
    expect(bot).toMatchObject({ bot: true, unique: false })
    expect(bot.suspect).toBeUndefined()
    expect(await report('nova-spins')).toMatchObject({ clicks: 1, uniqueClicks: 1, botClicks: 1, suspectClicks: 0 })
  })
})

describe('click velocity: past the limit a network’s clicks on a brand are suspect (issue 24)', () => {
  it(`the ${N + 1}th click in the hour is suspect and never unique; another brand and the next hour start afresh`, async () => {
    const { go, report, later } = await fresh()
    const hour = await times(N + 2, () => go('nova-spins', '203.0.113.40'))
    expect(marks(hour)).toBe(`U${'-'.repeat(N - 1)}SS`)
    expect(mark(await go('velocity-bet', '203.0.113.40'))).toBe('U')
    expect(mark(await go('nova-spins', '203.0.113.41'))).toBe('U')
    later(60 * 60 * 1000)
    expect(mark(await go('nova-spins', '203.0.113.40'))).toBe('U')
    // shown apart: counted as clicks, never as uniques
    expect(await report('nova-spins')).toMatchObject({ clicks: N + 4, uniqueClicks: 3, suspectClicks: 2 })
  })

  it('CLICK_VELOCITY_LIMIT sets the limit', async () => {
    const { post } = await fresh({ CLICK_VELOCITY_LIMIT: '2' })
    expect(marks(await times(4, (i) => post('nova-spins', '203.0.113.42', UA(i))))).toBe('U-SS')
  })

  it('a conversion on a suspect click is flagged and counted apart in the brand report; a status change moves it', async () => {
    const { t, go, report, postback } = await fresh()
    const clicks = await times(N + 1, () => go('luckyforge', '203.0.113.43'))
    const [first, suspect] = [clicks[0], clicks[N]]
    expect(mark(suspect)).toBe('S')
    expect((await postback({ click_id: first.clickid, goal: 'Sale', payout: '10', txn_id: 'ok-1' })).status).toBe(201)
    expect((await postback({ click_id: suspect.clickid, goal: 'Sale', payout: '10', txn_id: 'sus-1' })).status).toBe(201)
    const [good] = await t.ctx.repos.conversions.findByClickId(first.clickid)
    const [flagged] = await t.ctx.repos.conversions.findByClickId(suspect.clickid)
    expect(good.suspectClick).toBeUndefined()
    expect(flagged.suspectClick).toBe(true)
    expect(await report('luckyforge')).toMatchObject({ conversions: 2, suspectConversions: 1, suspectClicks: 1, revenueByCurrency: { USD: 20 } })
    await postback({ click_id: suspect.clickid, goal: 'Sale', payout: '10', txn_id: 'sus-1', status: 'rejected' })
    expect(await report('luckyforge')).toMatchObject({ conversions: 1, suspectConversions: 0 })
  })
})

describe('people behind one NAT (issue 24: the trade-off, in numbers)', () => {
  it('30 people behind one address on one brand in an hour: 30 clicks, 1 unique, 20 suspect (from 30 addresses: 30 uniques)', async () => {
    const { go, report } = await fresh()
    const nat = await times(30, (i) => go('nova-spins', '198.51.100.99', UA(`office-${i}`)))
    expect(marks(nat)).toBe(`U${'-'.repeat(N - 1)}${'S'.repeat(30 - N)}`)
    expect(await report('nova-spins')).toMatchObject({ clicks: 30, uniqueClicks: 1, suspectClicks: 30 - N })
    // the same 30 people, each on an address of their own (IPv6, or no NAT)
    await times(30, (i) => go('velocity-bet', `198.51.100.${i + 1}`, UA(`office-${i}`)))
    expect(await report('velocity-bet')).toMatchObject({ clicks: 30, uniqueClicks: 30, suspectClicks: 0 })
    // behind the NAT, spread over three brands: one unique per brand, nobody past the limit
    for (const brand of ['luckyforge', 'pixel-poker', 'arcadia-bet']) await times(10, (i) => go(brand, '198.51.100.99', UA(`office-${i}`)))
    for (const brand of ['luckyforge', 'pixel-poker', 'arcadia-bet']) expect(await report(brand)).toMatchObject({ clicks: 10, uniqueClicks: 1, suspectClicks: 0 })
  })
})

describe('page views are counted per network too (issue 24)', () => {
  it('20 user agents from one address view a page once; another address views it again', async () => {
    const { view, siteViews } = await fresh()
    for (let i = 0; i < 20; i++) expect((await view('article:rtp-explained', '203.0.113.70', UA(i))).status).toBe(204)
    expect(await siteViews()).toBe(1)
    await view('article:rtp-explained', '2001:db8:70:1::5')
    await view('article:rtp-explained', '2001:db8:70:1::6') // the same /64
    expect(await siteViews()).toBe(2)
  })

  it('a network’s views past VIEW_VELOCITY_LIMIT in an hour are not counted (one address posting beacons for many pages)', async () => {
    const { t, view, siteViews, later } = await fresh({ VIEW_VELOCITY_LIMIT: '3' })
    for (let i = 0; i < 6; i++) expect((await view(`article:page-${i}`, '203.0.113.80')).status).toBe(204)
    expect(await siteViews()).toBe(3)
    expect(t.ctx.services.tracker.viewsOverLimit).toBe(3)
    await view('article:page-0', '203.0.113.81') // another network is not limited by this one
    expect(await siteViews()).toBe(4)
    later(60 * 60 * 1000)
    await view('article:page-5', '203.0.113.80') // the next hour counts again
    expect(await siteViews()).toBe(5)
  })
})
