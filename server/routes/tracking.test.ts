import { beforeAll, describe, expect, it } from 'vitest'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { DENIED_POSTBACK_LIMIT, LOG_ROW } from '../attribution/postbacks.ts'
import { BOT_ALLOW_LIST, isBotRequest } from '../attribution/tracker.ts'

const UA = (n: number | string) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 person-${n}`
const SECRET = 'postback-secret-0123456789'
let clock = new Date('2026-11-10T12:00:00Z').getTime()
let t: Awaited<ReturnType<typeof makeTestApp>>
let editor: string

beforeAll(async () => {
  // TRUST_PROXY: a test chooses the client's address with X-Forwarded-For
  t = await makeTestApp({ env: { POSTBACK_SECRET: SECRET, POSTBACK_ALIASES: 'click_id=clk;payout=amt', TRUST_PROXY: '1' }, now: () => new Date(clock) })
  editor = (await loginAs(t, 'editor')).accessToken
})

const go = (path: string, ua = UA('a'), method = 'GET', ip?: string) => t.app.request(path, { method, headers: { 'user-agent': ua, ...(ip ? { 'x-forwarded-for': ip } : {}) } })
const stored = async () => {
  await t.ctx.services.tracker.flush()
  return t.ctx.store.collection('clicks').find({ source: 'redirect' }, { sort: { receivedAt: 1 } })
}

describe('GET /go/:brandId (server-side redirect)', () => {
  it('302s to the CTA with click_id, user_agent, gaid and custom params per flags, and no-store, noindex headers', async () => {
    const res = await go('/go/nova-spins?gaid=device-1')
    expect(res.status).toBe(302)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-robots-tag')).toContain('noindex')
    expect(res.headers.get('referrer-policy')).toBeTruthy()
    const url = new URL(res.headers.get('location')!)
    expect(url.origin + url.pathname).toBe('https://novaspins.example/welcome')
    expect(url.searchParams.get('click_id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(url.searchParams.get('user_agent')).toBe(UA('a'))
    expect(url.searchParams.get('gaid')).toBe('device-1')
    expect(url.searchParams.get('utm_campaign')).toBe('welcome offer')
    const [click] = (await stored()).slice(-1)
    expect(click).toMatchObject({ clickid: url.searchParams.get('click_id'), brandId: 'nova-spins', gaid: 'device-1', bot: false, source: 'redirect' })
    // the raw IP (here 'unknown', an in-process request) is never stored, only a visitor hash; the link had no placement
    const { placement, ...rest } = click as unknown as { placement: unknown }
    expect(JSON.stringify(rest)).not.toContain('unknown')
    expect(placement).toEqual({ page: 'unknown', pageId: '', slot: 'unknown', position: null })
  })

  it.each([
    ['royal-reel', []],
    ['velocity-bet', ['click_id', 'aff']],
    ['luckyforge', ['click_id', 'gaid']],
  ])('adds only what %s enables: %j (plus pass-through sub1…sub5)', async (brand, expected) => {
    const res = await go(`/go/${brand}?gaid=g&sub1=news&sub5=x&sub6=ignored`)
    const url = new URL(res.headers.get('location')!)
    const keys = [...url.searchParams.keys()].filter((k) => !['src', 'promo'].includes(k))
    expect(keys.sort()).toEqual([...expected, 'sub1', 'sub5'].sort())
    expect(url.searchParams.get('sub1')).toBe('news')
  })

  it.each(['no-such-brand', 'pixel-poker-x', '%2F%2Fevil.example', '..%2F..%2Fadmin', 'https:%2F%2Fevil.example'])('answers 404 for %s and redirects nowhere', async (id) => {
    const res = await go(`/go/${id}`)
    expect(res.status).toBe(404)
    expect(res.headers.get('location')).toBeNull()
    expect(await res.text()).toContain('Brand not found')
  })

  it('redirects only to the brand\'s own CTA, whatever the query says', async () => {
    const res = await go('/go/nova-spins?url=https://evil.example&redirect=https://evil.example&to=//evil.example')
    expect(new URL(res.headers.get('location')!).host).toBe('novaspins.example')
  })

  // CTAs stored before links refused control characters and backslashes (old data, written past validation)
  it.each([
    ['a tab the URL parser strips (/\\t/evil.example is //evil.example to a browser)', '/\t/evil.example'],
    ['a newline (no header may carry it)', '/landing\nSet-Cookie: x=1'],
    ['a newline inside an http URL', 'https://partner.example/a\r\nb'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a link without a scheme', 'evil.example/x'],
  ])('answers the 404 page for an old CTA with %s, never a redirect', async (_n, ctaUrl) => {
    const id = `old-cta-${Math.random().toString(36).slice(2, 8)}`
    await t.ctx.repos.brands.insert({ ...(await t.ctx.repos.brands.findById('royal-reel'))!, _id: id, dealBox: { ctaLabel: 'Play', ctaUrl } })
    const res = await go(`/go/${id}?sub1=x`)
    expect(res.status).toBe(404)
    expect(res.headers.get('location')).toBeNull()
    expect(await res.text()).toContain('Brand not found')
  })

  it('keeps a same-site CTA path on this site', async () => {
    await t.ctx.repos.brands.insert({ ...(await t.ctx.repos.brands.findById('royal-reel'))!, _id: 'local-cta', enableClickId: true, dealBox: { ctaUrl: '/article/welcome' } })
    const res = await go('/go/local-cta')
    expect(res.status).toBe(302)
    const location = res.headers.get('location')!
    expect(location).toMatch(/^\/article\/welcome\?click_id=[0-9a-f-]{36}$/)
    expect(new URL(location, 'https://gamewise.example').host).toBe('gamewise.example')
  })

  it('answers 404 for a brand without a CTA URL', async () => {
    await t.ctx.repos.brands.insert({ ...(await t.ctx.repos.brands.findById('royal-reel'))!, _id: 'no-cta', dealBox: { mainText: 'x' } })
    expect((await go('/go/no-cta')).status).toBe(404)
  })

  it('redirects bots, HEAD requests and link previews but records them as bots', async () => {
    const before = (await stored()).length
    for (const [ua, method] of [
      ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'GET'],
      ['facebookexternalhit/1.1', 'GET'],
      ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'GET'],
      [UA('head'), 'HEAD'],
      ['', 'GET'],
    ]) {
      const res = await go('/go/arcadia-bet', ua, method)
      expect(res.status).toBe(302)
    }
    const clicks = (await stored()).slice(before)
    expect(clicks).toHaveLength(5)
    expect(clicks.every((c) => c.bot === true && c.unique === false)).toBe(true)
  })

  it('keeps the allow-list ahead of the bot list', () => {
    expect(BOT_ALLOW_LIST.length).toBeGreaterThan(0)
    expect(isBotRequest('Mozilla/5.0 (Linux; Android 12; Cubot KingKong) bot-looking crawler', 'GET')).toBe(false)
    expect(isBotRequest('Mozilla/5.0 crawler', 'GET')).toBe(true)
  })

  it('counts one unique click per network per brand per hour', async () => {
    const before = (await stored()).length
    await go('/go/pixel-poker', UA('dedup'), 'GET', '203.0.113.50')
    await go('/go/pixel-poker', UA('dedup'), 'GET', '203.0.113.50')
    await go('/go/pixel-poker', UA('dedup'), 'GET', '203.0.113.51')
    clock += 61 * 60 * 1000
    await go('/go/pixel-poker', UA('dedup'), 'GET', '203.0.113.50')
    const clicks = (await stored()).slice(before)
    expect(clicks.map((c) => c.unique)).toEqual([true, false, true, true])
  })
})

describe('POST|GET /api/postback', () => {
  let clickId: string
  beforeAll(async () => {
    const res = await go('/go/satoshi-slots', UA('converter'))
    clickId = new URL(res.headers.get('location')!).searchParams.get('click_id')!
    await t.ctx.services.tracker.flush()
  })
  const pb = (params: Record<string, string>, method = 'GET') =>
    method === 'GET'
      ? t.app.request(`/api/postback?${new URLSearchParams(params)}`)
      : t.app.request('/api/postback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) })
  const count = (c: string) => t.ctx.store.collection(c).count()

  it('refuses a wrong or missing key with 403, stores nothing but the log entry, and logs no key', async () => {
    const conversions = await count('conversions')
    const logs = await count('postback_log')
    expect((await pb({ click_id: clickId, goal: 'Sale', key: 'wrong' })).status).toBe(403)
    expect((await pb({ click_id: clickId, goal: 'Sale' })).status).toBe(403)
    expect(await count('conversions')).toBe(conversions)
    expect(await count('postback_log')).toBe(logs + 2)
    expect(JSON.stringify(await t.ctx.services.postbacks.log())).not.toContain('wrong')
  })

  // found by the route fuzz on MongoDB (FerretDB): a parameter named with a NUL byte answered 500 there,
  // BSON holding no such key; names with a dot or a leading $ are no plain field names there either
  it('logs a postback whose parameter names no store takes as keys (NUL, a dot, a leading $), escaped', async () => {
    const res = await pb({ '\u0000': 'x', 'sub.id': 'y', $where: 'z', '100%': 'w', click_id: clickId, goal: 'Sale' }, 'POST')
    expect(res.status).toBe(403)
    const entry = (await t.ctx.services.postbacks.log()).find((l) => (l.params as Record<string, string>)['sub%2Eid'] === 'y')
    expect(entry?.params).toMatchObject({ '%00': 'x', '%24where': 'z', '100%25': 'w' })
  })

  // found by the route fuzz (server/fuzz.test.ts): these answered { message } without a code
  it.each([
    ['a JSON body that is not an object', 'application/json', '[1,2]'],
    ['malformed JSON', 'application/json', '{"click_id":'],
    // a 500 before (String() of a nested value overflowed the stack): values must be text or numbers
    ['a nested value', 'application/json', `{"click_id":"x","aff_sub":${'['.repeat(5_000)}${']'.repeat(5_000)}}`],
  ])('answers %s with 400 { message, code } and stores nothing', async (_what, type, body) => {
    const conversions = await count('conversions')
    const res = await t.app.request('/api/postback', { method: 'POST', headers: { 'content-type': type }, body })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: expect.any(String), code: 'bad_request' })
    expect(await count('conversions')).toBe(conversions)
  })

  it('stores a conversion once (click + goal + txn), says so on a repeat, and updates its status', async () => {
    const params = { click_id: clickId, goal: '1006', payout: '25.5', currency: 'usd', txn_id: 'T-1', status: 'pending', key: SECRET }
    const first = await pb(params)
    expect(first.status).toBe(201)
    expect(await first.json()).toMatchObject({ ok: true, outcome: 'created' })
    const repeat = await pb(params, 'POST')
    expect(repeat.status).toBe(200)
    expect(await repeat.json()).toMatchObject({ duplicate: true })
    const approved = await pb({ ...params, status: 'approved' })
    expect(await approved.json()).toMatchObject({ outcome: 'updated', from: 'pending', to: 'approved' })
    const stored = (await t.ctx.services.postbacks.conversions()).filter((c) => c.clickid === clickId)
    expect(stored).toEqual([expect.objectContaining({ brandId: 'satoshi-slots', goal: 1006, goalName: 'Sale', payout: 25.5, currency: 'USD', status: 'approved' })])
    expect(JSON.stringify(await t.ctx.services.postbacks.log())).not.toContain(SECRET)
  })

  it('reads network parameter names through aliases (built-in and POSTBACK_ALIASES)', async () => {
    expect((await pb({ subid: clickId, event: 'Lead', sum: '3', tid: 'K-1', secret: SECRET })).status).toBe(201) // Keitaro-style
    expect((await pb({ p1: clickId, goal: 'Registration', key: SECRET })).status).toBe(201) // Trackier's p1
    expect((await pb({ clk: clickId, goal: 'Goal1', amt: '1', key: SECRET })).status).toBe(201) // configured aliases
  })

  it('keeps at most 4 decimals of a payout, takes the 1,000,000 cap itself, and upper-cases an ISO currency', async () => {
    expect((await pb({ click_id: clickId, goal: 'Goal2', payout: '12.345678', currency: 'eur', txn_id: 'P-1', key: SECRET })).status).toBe(201)
    expect((await pb({ click_id: clickId, goal: 'Goal2', payout: '1000000', currency: 'JPY', txn_id: 'P-2', key: SECRET })).status).toBe(201)
    const stored = (await t.ctx.services.postbacks.conversions()).filter((c) => c.clickid === clickId && c.goal === 1008)
    expect(stored.map((c) => [c.txn_id, c.payout, c.currency]).sort()).toEqual([
      ['P-1', 12.3457, 'EUR'],
      ['P-2', 1_000_000, 'JPY'],
    ])
  })

  it('answers 404 for an unknown click', async () => {
    expect((await pb({ click_id: 'not-a-click', goal: 'Sale', key: SECRET })).status).toBe(404)
  })

  it.each([
    ['a missing click_id', { click_id: '', goal: 'Sale' }],
    ['a missing goal', { click_id: 'x' }],
    ['an unknown goal', { goal: 'Jackpot' }],
    ['a negative payout', { goal: 'Sale', payout: '-5' }],
    ['a non-numeric payout', { goal: 'Sale', payout: 'lots' }],
    ['a bad currency', { goal: 'Sale', currency: 'dollars' }],
    ['a payout that is Infinity once rounded (1e308 was stored as null)', { goal: 'Sale', payout: '1e308' }],
    ['a payout far above the cap (1e29)', { goal: 'Sale', payout: '1e29' }],
    ['a payout just above the 1,000,000 cap', { goal: 'Sale', payout: '1000000.01' }],
    ['a payout in hexadecimal', { goal: 'Sale', payout: '0x10' }],
    ['a payout of Infinity', { goal: 'Sale', payout: 'Infinity' }],
    ['a currency that is no ISO 4217 code (ZZZ)', { goal: 'Sale', currency: 'ZZZ' }],
    ['a currency that is no ISO 4217 code (NAN)', { goal: 'Sale', currency: 'NAN' }],
    ['a withdrawn currency (DEM)', { goal: 'Sale', currency: 'DEM' }],
    ['the ISO code for no currency (XXX)', { goal: 'Sale', currency: 'XXX' }],
    ['an unknown status', { goal: 'Sale', status: 'maybe' }],
    ['an over-long txn_id', { goal: 'Sale', txn_id: 't'.repeat(201) }],
  ])('answers 400 for %s and stores nothing (the log records it)', async (_n, extra) => {
    const conversions = await count('conversions')
    const logs = await count('postback_log')
    const res = await pb({ click_id: clickId, ...extra, key: SECRET } as Record<string, string>)
    expect(res.status).toBe(400)
    expect(typeof (await res.json()).message).toBe('string')
    expect(await count('conversions')).toBe(conversions)
    expect(await count('postback_log')).toBe(logs + 1)
  })

  describe('Fraud (event code 99) is a rejection, never a conversion', () => {
    const newClick = async (ua: string) => {
      const res = await go('/go/nova-spins', UA(ua))
      await t.ctx.services.tracker.flush()
      return new URL(res.headers.get('location')!).searchParams.get('click_id')!
    }
    // the brand's report today (the one read path of every report)
    const counters = async () => {
      const { totals } = await t.ctx.services.reports.brand('nova-spins', {})
      return { conversions: totals.conversions, registrations: totals.registrations, 'revenue.EUR': totals.revenueByCurrency.EUR ?? 0 }
    }
    const ofClick = async (click: string) => (await t.ctx.services.postbacks.conversions()).filter((c) => c.clickid === click)

    it('on its own stores a rejection and counts nothing', async () => {
      const click = await newClick('fraud-alone')
      const before = await counters()
      for (const goal of ['99', 'fraud']) {
        const res = await pb({ click_id: click, goal, payout: '5', txn_id: `F-${goal}`, status: 'approved', key: SECRET })
        expect(res.status).toBe(201)
        expect(await res.json()).toMatchObject({ ok: true, outcome: 'rejected' })
      }
      expect(await counters()).toEqual(before)
      expect((await ofClick(click)).map((c) => [c.goal, c.status])).toEqual([
        [99, 'rejected'],
        [99, 'rejected'],
      ])
    })

    it("marks the click's existing conversions rejected and moves their day counters back", async () => {
      const click = await newClick('fraud-after')
      const before = await counters()
      await pb({ click_id: click, goal: 'Sale', payout: '40', currency: 'EUR', txn_id: 'S-1', key: SECRET })
      await pb({ click_id: click, goal: 'Lead', payout: '2', currency: 'EUR', txn_id: 'L-1', status: 'pending', key: SECRET })
      await pb({ click_id: click, goal: 'Registration', txn_id: 'R-1', status: 'rejected', key: SECRET })
      const counted = await counters()
      expect(counted.conversions - (before.conversions ?? 0)).toBe(2)
      expect(counted['revenue.EUR'] - (before['revenue.EUR'] ?? 0)).toBe(40)
      const logs = await count('postback_log')

      const res = await pb({ click_id: click, goal: 'Fraud', txn_id: 'S-1', key: SECRET })
      expect(res.status).toBe(201)
      const body = await res.json()
      expect(body).toMatchObject({ ok: true, outcome: 'rejected' })
      expect(body.rejected).toHaveLength(2) // the approved Sale and the pending Lead; the Registration already was
      expect(Object.fromEntries((await ofClick(click)).map((c) => [c.goal, c.status]))).toEqual({ 1006: 'rejected', 1001: 'rejected', 1002: 'rejected', 99: 'rejected' })
      const after = await counters()
      expect(after.conversions ?? 0).toBe(before.conversions ?? 0)
      expect(after['revenue.EUR'] ?? 0).toBe(before['revenue.EUR'] ?? 0)
      expect(after.registrations).toBe(before.registrations)
      expect(await count('postback_log')).toBe(logs + 1)
      const logged = (await t.ctx.services.postbacks.log()).filter((l) => (l.params as Record<string, string>).click_id === click && (l.params as Record<string, string>).goal === 'Fraud')
      expect(logged).toEqual([expect.objectContaining({ status: 201, outcome: 'rejected' })])

      // a repeat changes nothing
      const repeat = await pb({ click_id: click, goal: 'Fraud', txn_id: 'S-1', key: SECRET })
      expect(repeat.status).toBe(200)
      expect(await repeat.json()).toMatchObject({ duplicate: true, rejected: [] })
      expect(await counters()).toEqual(after)
    })

    it('leaves other clicks alone', async () => {
      const good = await newClick('fraud-neighbour-good')
      const bad = await newClick('fraud-neighbour-bad')
      await pb({ click_id: good, goal: 'Sale', payout: '7', txn_id: 'G-1', key: SECRET })
      await pb({ click_id: bad, goal: 99, key: SECRET } as unknown as Record<string, string>)
      expect((await ofClick(good)).map((c) => c.status)).toEqual(['approved'])
    })
  })

  it('answers 400 for a malformed POST body', async () => {
    const res = await t.app.request('/api/postback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"click_id":' })
    expect(res.status).toBe(400)
  })
})

describe('reports (exact figures for a known set of clicks and conversions)', () => {
  it('sums views, clicks, uniques, bots, conversions by goal, approved revenue, CR and EPC', async () => {
    const r = await makeTestApp({ env: { POSTBACK_SECRET: SECRET, TRUST_PROXY: '1' }, now: () => new Date('2026-11-01T10:00:00Z') })
    const ed = (await loginAs(r, 'editor')).accessToken
    const click = async (ua: string, ip: string) => new URL((await r.app.request('/go/moonjackpot', { headers: { 'user-agent': ua, 'x-forwarded-for': ip } })).headers.get('location')!).searchParams.get('click_id')!
    const a = await click(UA(1), '198.51.100.1')
    await click(UA(1), '198.51.100.1') // repeat: not unique
    const b = await click(UA(2), '198.51.100.2')
    await click(UA(3), '198.51.100.3')
    await click('Googlebot/2.1', '198.51.100.4') // bot
    await r.ctx.services.tracker.flush()
    await r.app.request('/api/track/brand-view', { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': UA(1), 'x-forwarded-for': '198.51.100.1' }, body: '{"brandId":"moonjackpot"}' })
    await r.app.request('/api/track/brand-view', { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Googlebot/2.1', 'x-forwarded-for': '198.51.100.4' }, body: '{"brandId":"moonjackpot"}' })
    const pb = (q: Record<string, string>) => r.app.request(`/api/postback?${new URLSearchParams({ ...q, key: SECRET })}`)
    await pb({ click_id: a, goal: 'Sale', payout: '10', txn_id: '1' })
    await pb({ click_id: b, goal: 'Sale', payout: '20', txn_id: '2', status: 'pending' })
    await pb({ click_id: b, goal: 'Lead', payout: '2', txn_id: '3', status: 'rejected' })

    const res = await r.app.request('/api/reports/brands?from=2026-11-01&to=2026-11-01', { headers: { authorization: `Bearer ${ed}` } })
    expect(res.status).toBe(200)
    const report = await res.json()
    expect(report.currency).toBe('EUR')
    const row = report.rows.find((x: { key: string }) => x.key === 'moonjackpot')
    expect(row).toMatchObject({ label: 'MoonJackpot', href: '/brands/moonjackpot' })
    // the one definition of each figure (lib/figures.ts): a person's view of the brand's page, clicks that
    // sent people on, one unique per network, the bot apart; two conversions (the rejected one counts
    // nothing), none a registration, first deposit or deposit; the approved 10 USD kept apart while no
    // rate converts it into the report currency (EUR), so no revenue, no EPC
    expect(row.figures).toMatchObject({
      views: 1,
      clicks: 4,
      uniqueClicks: 3,
      botClicks: 1,
      blockedClicks: 0,
      suspectClicks: 0,
      codeCopies: 0,
      botShare: 0.2,
      conversions: 2,
      suspectConversions: 0,
      registrations: 0,
      ftds: 0,
      deposits: 0,
      revenue: 0,
      revenueByCurrency: { USD: 10 },
      unconverted: { USD: 10 },
      epc: 0,
    })
    // every brand is listed, those with nothing counted too
    expect(report.rows.length).toBe(report.total)
    expect(report.rows.length).toBe((await r.ctx.services.brandAdmin.listAdmin()).length)
    const one = await (await r.app.request('/api/reports/brands/moonjackpot?from=2026-10-31&to=2026-11-01', { headers: { authorization: `Bearer ${ed}` } })).json()
    expect(one.days.map((d: { day: string; clicks: number }) => [d.day, d.clicks])).toEqual([
      ['2026-10-31', 0],
      ['2026-11-01', 4],
    ])
    // in-process requests have no address, so no country: counted under unknown
    expect(one.byCountry.map((c: { key: string; figures: { clicks: number; uniqueClicks: number } }) => [c.key, c.figures.clicks, c.figures.uniqueClicks])).toEqual([['unknown', 4, 3]])
  })

  it('needs an editor, and answers 400 for a bad range and 404 for an unknown brand', async () => {
    expect((await t.app.request('/api/reports/brands')).status).toBe(401)
    const auth = { headers: { authorization: `Bearer ${editor}` } }
    expect((await t.app.request('/api/reports/brands?from=2026-13-01', auth)).status).toBe(400)
    // a calendar-invalid day must not roll over into the next month (Date.parse('2025-02-30') is 2 March)
    for (const [q, message] of [
      ['from=2025-02-30&to=2025-03-05', 'Invalid from: use YYYY-MM-DD'],
      ['from=2025-04-01&to=2025-04-31', 'Invalid to: use YYYY-MM-DD'],
      ['from=2025-02-29&to=2025-03-01', 'Invalid from: use YYYY-MM-DD'], // 2025 is not a leap year
    ]) {
      const res = await t.app.request(`/api/reports/brands?${q}`, auth)
      expect(res.status, q).toBe(400)
      expect(await res.json()).toMatchObject({ message })
    }
    expect((await t.app.request('/api/reports/brands?from=2024-02-29&to=2024-03-01', auth)).status).toBe(200) // a real leap day
    expect((await t.app.request('/api/reports/brands?from=2026-11-02&to=2026-11-01', auth)).status).toBe(400)
    expect((await t.app.request('/api/reports/brands?from=2020-01-01&to=2026-01-01', auth)).status).toBe(400)
    expect((await t.app.request('/api/reports/brands/nope', auth)).status).toBe(404)
  })
})

describe('shared state for several servers over one store (issue 14)', () => {
  /** A second server over the same store: its own tracker, queue, caches and limiter, as another process has. */
  async function twoServers(now?: () => Date) {
    const a = await makeTestApp({ now, env: { TRUST_PROXY: '1' } })
    const { createAppContext } = await import('../context.ts')
    const { createApp } = await import('../app.ts')
    const ctxB = await createAppContext(a.ctx.config, { store: a.ctx.store, now })
    const b = createApp({ config: ctxB.config, services: ctxB.services, store: ctxB.store, renderCache: ctxB.renderCache })
    return { a, b, ctxB }
  }
  const views = async (t2: Awaited<ReturnType<typeof makeTestApp>>, brandId: string) => (await t2.ctx.services.reports.brand(brandId, { from: '2026-11-01' })).totals.views
  const beacon = (app: { request: typeof t.app.request }, ua: string, ip = '203.0.113.60') =>
    app.request('/api/track/brand-view', { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': ua, 'x-forwarded-for': ip }, body: '{"brandId":"nova-spins"}' })

  it('a visitor\'s clicks through both servers count one unique per brand per hour', async () => {
    const { a, b, ctxB } = await twoServers()
    const res = [await a.app.request('/go/nova-spins', { headers: { 'user-agent': UA('both') } }), await b.request('/go/nova-spins', { headers: { 'user-agent': UA('both') } })]
    expect(res.map((r) => r.status)).toEqual([302, 302])
    await a.ctx.services.tracker.flush()
    await ctxB.services.tracker.flush()
    const clicks = await a.ctx.store.collection('clicks').find({ brandId: 'nova-spins' })
    expect(clicks.map((c) => c.unique).sort()).toEqual([false, true])
    expect((await a.ctx.services.reports.brand('nova-spins', {})).totals).toMatchObject({ clicks: 2, uniqueClicks: 1 })
  })

  it('a brand-view beacon counts once per network per hour, whichever server answers (300 beacons → 1 view)', async () => {
    const { a, b } = await twoServers()
    for (let i = 0; i < 150; i++) {
      expect((await beacon(a.app, UA('viewer'))).status).toBe(204)
      expect((await beacon(b, UA('viewer'))).status).toBe(204)
    }
    expect(await views(a, 'nova-spins')).toBe(1)
    await beacon(b, UA('another viewer'), '203.0.113.61')
    await beacon(a.app, 'Googlebot/2.1 (+http://www.google.com/bot.html)')
    expect(await views(a, 'nova-spins')).toBe(2)
  })

  it('the next hour counts the same visitor again', async () => {
    let clock2 = Date.parse('2026-11-10T12:30:00Z')
    const { a } = await twoServers(() => new Date(clock2))
    await beacon(a.app, UA('returning'))
    clock2 += 31 * 60_000
    await beacon(a.app, UA('returning'))
    expect(await views(a, 'nova-spins')).toBe(2)
  })

  it('a 302 from /go means its click is already stored (nothing waits in memory for a later flush)', async () => {
    const { a } = await twoServers()
    const res = await a.app.request('/go/nova-spins', { headers: { 'user-agent': UA('durable') } })
    const clickid = new URL(res.headers.get('location')!).searchParams.get('click_id')
    expect(a.ctx.services.tracker.pending).toBe(0)
    expect(await a.ctx.store.collection('clicks').findOne({ clickid })).not.toBeNull()
  })
})

describe('the postback log is bounded (issue 14, defect 4: 200 wrong-key postbacks → +4.4 MB)', () => {
  it('keeps at most 20 parameters of 200 characters per row, whatever a postback carries', async () => {
    const p = await makeTestApp({ env: { POSTBACK_SECRET: SECRET } })
    const params = new URLSearchParams({ key: 'wrong' })
    for (let i = 0; i < 300; i++) params.set(`p${i}${'n'.repeat(100)}`, 'v'.repeat(300))
    expect((await p.app.request(`/api/postback?${params}`)).status).toBe(403)
    const [row] = await p.ctx.services.postbacks.log()
    expect(Object.keys(row.params).length).toBeLessThanOrEqual(LOG_ROW.params)
    expect(JSON.stringify(row).length).toBeLessThan(6_000)
  })

  it('refuses postbacks without a valid key past the per-address limit, unlogged, with 429 and Retry-After', async () => {
    const p = await makeTestApp({ env: { POSTBACK_SECRET: SECRET, TRUST_PROXY: '1' } })
    const send = (ip: string) => p.app.request('/api/postback?click_id=x&goal=Sale&key=wrong', { headers: { 'x-forwarded-for': ip } })
    for (let i = 0; i < DENIED_POSTBACK_LIMIT.limit; i++) expect((await send('203.0.113.5')).status).toBe(403)
    const over = await send('203.0.113.5')
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await p.ctx.store.collection('postback_log').count()).toBe(DENIED_POSTBACK_LIMIT.limit)
    expect((await send('198.51.100.5')).status).toBe(403) // another network's address is not affected
  })

  it('keeps log entries for POSTBACK_LOG_DAYS, dropped by the maintenance run', async () => {
    let now = Date.parse('2026-11-01T00:00:00Z')
    const p = await makeTestApp({ env: { POSTBACK_SECRET: SECRET, POSTBACK_LOG_DAYS: '7' }, now: () => new Date(now) })
    await p.app.request('/api/postback?click_id=old&goal=Sale&key=wrong')
    now += 6 * 86_400_000
    await p.app.request('/api/postback?click_id=recent&goal=Sale&key=wrong')
    now += 2 * 86_400_000
    expect((await p.ctx.services.maintenance.run()).postbackLog).toBe(1)
    expect((await p.ctx.services.postbacks.log()).map((r) => r.params.click_id)).toEqual(['recent'])
  })
})
