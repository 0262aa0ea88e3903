import { beforeAll, describe, expect, it } from 'vitest'
import { loginAs, makeTestApp } from '../../test/make-app.ts'

/**
 * Revenue attribution over HTTP (issue 21): a visitor reads an article, follows its offer, the programme
 * reports a first deposit, and the reports credit the article and the slot with it, in the report currency.
 */
const SECRET = 'attribution-postback-secret'
const PERSON = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 person'
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)'
const DAY = '2026-11-10'
let t: Awaited<ReturnType<typeof makeTestApp>>
let editor: string
let manager: string
let userToken: string
let clock = new Date(`${DAY}T12:00:00Z`)

beforeAll(async () => {
  t = await makeTestApp({ env: { POSTBACK_SECRET: SECRET, REPORT_CURRENCY: 'EUR' }, now: () => clock })
  editor = (await loginAs(t, 'editor')).accessToken
  manager = (await loginAs(t, 'manager')).accessToken
  userToken = (await loginAs(t, 'user')).accessToken
})

const req = (path: string, init: RequestInit & { ua?: string; token?: string; country?: string } = {}) =>
  t.app.request(path, { ...init, headers: { 'user-agent': init.ua ?? PERSON, ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.headers ?? {}) } })
const view = (page: string, slots: string[], ua = PERSON) => req('/api/track/view', { method: 'POST', ua, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page, slots }) })
const report = async (path: string) => {
  const res = await req(path, { token: editor })
  expect(res.status, await res.clone().text()).toBe(200)
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  return res.json()
}
const postback = (params: Record<string, string>) => req(`/api/postback?${new URLSearchParams({ key: SECRET, ...params })}`)
const lastClick = async () => (await t.ctx.store.collection<{ _id: string } & Record<string, unknown>>('clicks').find({})).at(-1)!
const row = (r: { rows: { key: string }[] }, key: string) => r.rows.find((x) => x.key === key) as { key: string; label: string; figures: Record<string, unknown>; previous: Record<string, unknown> } | undefined

describe('attribution: an article earns a first deposit (issue 21)', () => {
  let clickId = ''

  it('counts a person’s view of the article once an hour (bots and repeats are not counted)', async () => {
    expect((await view('article:rtp-explained', ['article-offers'])).status).toBe(204)
    expect((await view('article:rtp-explained', ['article-offers'])).status).toBe(204) // a repeat in the hour
    expect((await view('article:rtp-explained', ['article-offers'], BOT)).status).toBe(204) // a bot
    expect((await view('evil:<x>', ['sidebar'])).status).toBe(204) // unknown: nothing, and no refusal
    const r = await report(`/api/reports/pages?from=${DAY}&to=${DAY}`)
    expect(row(r, 'article:rtp-explained')?.figures).toMatchObject({ views: 1, clicks: 0 })
    expect(r.total).toBe(1)
  })

  it('records the click with its page, slot, position, device and arrival; an unknown placement never breaks the redirect', async () => {
    const res = await req(`/go/nova-spins?from=article:rtp-explained&slot=article-offers&pos=1&ref=www.Google.com&utm_source=Newsletter&utm_medium=email&utm_campaign=bf`)
    expect(res.status).toBe(302)
    const click = await lastClick()
    clickId = String(click.clickid)
    expect(click).toMatchObject({
      placement: { page: 'article', pageId: 'rtp-explained', slot: 'article-offers', position: 1 },
      device: 'mobile',
      arrival: { referrer: 'google.com', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'bf' },
      unique: true,
    })
    const odd = await req(`/go/nova-spins?from=${'x'.repeat(500)}&slot=<script>&pos=-3`, { ua: `${PERSON} other` })
    expect(odd.status).toBe(302)
    expect((await lastClick()).placement).toEqual({ page: 'unknown', pageId: '', slot: 'unknown', position: null })
  })

  it('a first deposit reported by postback is credited to the article and the slot, converted at its day’s rate', async () => {
    await t.ctx.services.currency.import('date,currency,rate\n2026-11-09,USD,1.25\n', 'rates.csv') // the nearest earlier day
    const res = await postback({ click_id: clickId, goal: 'FTD', payout: '100', currency: 'USD', txn_id: 'dep-1' })
    expect(res.status).toBe(201)
    expect((await postback({ click_id: clickId, goal: 'FTD', payout: '100', currency: 'USD', txn_id: 'dep-1' })).status).toBe(200) // a replay: once
    const pages = await report(`/api/reports/pages?from=${DAY}&to=${DAY}`)
    expect(pages.currency).toBe('EUR')
    expect(row(pages, 'article:rtp-explained')).toMatchObject({
      label: 'RTP Explained: What Return to Player Really Means',
      figures: { views: 1, clicks: 1, uniqueClicks: 1, ctr: 1, conversions: 1, ftds: 1, registrations: 0, revenue: 80, revenueByCurrency: { USD: 100 }, unconverted: {}, epc: 80, rpm: 80_000 },
    })
    const placements = await report(`/api/reports/placements?from=${DAY}&to=${DAY}`)
    // the slot seen once and clicked once: its click-through rate is 100 %
    expect(row(placements, 'article-offers')).toMatchObject({ label: 'Article: top offers box', figures: { slotViews: 1, slotClicks: 1, ctr: 1, clicks: 1, ftds: 1, crFtds: 1, revenue: 80, epc: 80 } })
    const positions = await report(`/api/reports/placements?by=position&from=${DAY}&to=${DAY}`)
    expect(row(positions, 'article-offers#1')?.figures).toMatchObject({ clicks: 1, ftds: 1 })
    const countries = await report(`/api/reports/breakdown?by=device&brandId=nova-spins&from=${DAY}&to=${DAY}`)
    expect(row(countries, 'mobile')?.figures).toMatchObject({ clicks: 2, ftds: 1, revenue: 80 })
  })

  it('a revenue share adjustment may be negative; any other goal may not', async () => {
    expect((await postback({ click_id: clickId, goal: 'revshare', payout: '-20', currency: 'USD', txn_id: 'rs-nov' })).status).toBe(201)
    const refused = await postback({ click_id: clickId, goal: 'FTD', payout: '-5', currency: 'USD', txn_id: 'neg' })
    expect(refused.status).toBe(400)
    expect((await refused.json()).message).toMatch(/negative only for the Revenue share \(adjustment\) goal/)
    const pages = await report(`/api/reports/pages?from=${DAY}&to=${DAY}`)
    expect(row(pages, 'article:rtp-explained')?.figures).toMatchObject({ revenue: 64, revenueByCurrency: { USD: 80 }, conversions: 2, ftds: 1 })
  })

  it('without a rate for a currency, its revenue is shown apart as unconverted, never guessed', async () => {
    await postback({ click_id: clickId, goal: 'Deposit', payout: '5000', currency: 'JPY', txn_id: 'jpy-1' })
    const f = row(await report(`/api/reports/pages?from=${DAY}&to=${DAY}`), 'article:rtp-explained')!.figures
    expect(f).toMatchObject({ revenue: 64, unconverted: { JPY: 5000 }, deposits: 1 })
  })

  it('a programme’s CSV: a preview first, the postback’s conversion never counted twice, unmatched revenue kept under the brand', async () => {
    const csv = ['subid,event,amount,cur,transaction,date', `${clickId},FTD,100,USD,dep-1,${DAY}`, `${clickId},Registration,0,USD,reg-1,${DAY}`, `,FTD,40,EUR,lost-7,${DAY}`].join('\n')
    const send = (query: string) => req(`/api/conversions/import?${query}`, { method: 'POST', token: manager, headers: { 'content-type': 'text/csv' }, body: csv })
    const map = 'click_id=subid,goal=event,payout=amount,currency=cur,txn_id=transaction'
    const preview = await send(new URLSearchParams({ map, brand: 'nova-spins', dryRun: '1' }).toString())
    expect(await preview.json()).toEqual({ rows: 3, matched: 1, unattributed: 1, duplicate: 1, updated: 0, rejected: 0, invalid: [], written: false, changed: 2, totals: { USD: 0, EUR: 40 }, message: 'Nothing has been written yet (a preview): importing would write 2 rows, totalling €40.00.' })
    const before = row(await report(`/api/reports/pages?from=${DAY}&to=${DAY}`), 'article:rtp-explained')!.figures
    expect(before.registrations).toBe(0) // the preview wrote nothing
    const done = await send(new URLSearchParams({ map, brand: 'nova-spins' }).toString())
    expect(done.status).toBe(201)
    expect(await done.json()).toMatchObject({ matched: 1, unattributed: 1, duplicate: 1, written: true })
    const again = await (await send(new URLSearchParams({ map, brand: 'nova-spins' }).toString())).json()
    expect(again).toMatchObject({ matched: 0, unattributed: 0, duplicate: 3 }) // a second import adds nothing
    const pages = await report(`/api/reports/pages?from=${DAY}&to=${DAY}`)
    expect(row(pages, 'article:rtp-explained')?.figures).toMatchObject({ ftds: 1, registrations: 1 })
    expect(row(pages, 'unknown:')?.figures).toMatchObject({ ftds: 1, revenue: 40 })
    const brands = await report(`/api/reports/breakdown?by=brand&from=${DAY}&to=${DAY}`)
    expect(row(brands, 'nova-spins')?.figures).toMatchObject({ revenue: 104 })
  })

  it('a bad file changes nothing (422) and says which line and field', async () => {
    const csv = ['click_id,goal,payout,currency,txn_id', `${clickId},FTD,12,USD,ok-1`, `${clickId},FTD,-3,USD,bad-1`, `${clickId},Nonsense,1,USD,bad-2`, `${clickId},FTD,1,XYZ,bad-3`].join('\n')
    const res = await req('/api/conversions/import', { method: 'POST', token: manager, headers: { 'content-type': 'text/csv' }, body: csv })
    expect(res.status).toBe(422)
    const r = await res.json()
    expect(r).toMatchObject({ code: 'unprocessable', written: false })
    expect(r.invalid).toEqual([
      { line: 3, column: 'payout', field: 'Payout', message: 'may be below 0 only for a revenue share adjustment (a clawback)' },
      { line: 4, column: 'goal', field: 'Goal', message: expect.stringMatching(/^"Nonsense" is not a goal we know/) },
      { line: 5, column: 'currency', field: 'Currency', message: expect.stringMatching(/^"XYZ" is not a currency code/) },
    ])
    expect((await t.ctx.store.collection('conversions').find({ txn_id: 'ok-1' })).length).toBe(0)
  })

  it('answers CSV with the same rows, and only to editors and admins', async () => {
    const res = await req(`/api/reports/pages?from=${DAY}&to=${DAY}&format=csv`, { token: editor })
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const text = await res.text()
    expect(text.split('\n')[0]).toMatch(/^key,label,views,slotViews,clicks,uniqueClicks,slotClicks,suspectClicks,botClicks,blockedClicks,codeCopies,ctr,conversions,registrations,ftds,deposits,crRegistrations,crFtds,crDeposits,revenue,epc,rpm,revenue_currency,unconverted/)
    expect(text).toContain('article:rtp-explained,RTP Explained: What Return to Player Really Means,1,1,1,1,1,0,0,0,0,1,')
    expect((await req(`/api/reports/pages?from=${DAY}&to=${DAY}`, { token: userToken })).status).toBe(403)
    expect((await req(`/api/reports/pages?from=${DAY}&to=${DAY}`)).status).toBe(401)
    expect((await req('/api/reports/pages?sort=nonsense', { token: editor })).status).toBe(400)
  })

  it('compares with the previous period of equal length', async () => {
    clock = new Date('2026-11-11T12:00:00Z')
    await view('article:rtp-explained', ['article-offers'], `${PERSON} tomorrow`)
    const r = await report('/api/reports/pages?from=2026-11-11&to=2026-11-11')
    expect(r).toMatchObject({ previousFrom: DAY, previousTo: DAY })
    expect(row(r, 'article:rtp-explained')).toMatchObject({ figures: { views: 1, ftds: 0 }, previous: { views: 1, ftds: 1 } })
  })
})
