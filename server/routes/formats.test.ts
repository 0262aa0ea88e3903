import { beforeAll, describe, expect, it } from 'vitest'
import { toDraft, toFormData } from '../../components/brand-admin/draft.ts'
import type { BrandPage } from '../../lib/schemas.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { createApp, type PageRenderer } from '../app.ts'
import { renderBody } from '../content/article-body.ts'
import type { CompareSpec } from '../../lib/comparison.ts'
import { brandReview } from '../../lib/structured-data.ts'

// issue 22: brand facts, structured reviews, offer lifecycle, comparison tables and bonus code copies,
// through the HTTP API a browser and the admin use

const UA = (n: number | string) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 formats-${n}`
let clock = new Date('2026-11-20T12:00:00Z').getTime()
let t: Awaited<ReturnType<typeof makeTestApp>>
let token: string
beforeAll(async () => {
  t = await makeTestApp({ env: { GEO_HEADER: 'cf-ipcountry', GEO_DB: '0', TRUST_PROXY: '1' }, now: () => new Date(clock) })
  token = (await loginAs(t, 'editor')).accessToken
})

const from = (country?: string, n: number | string = 'x') => ({ headers: { ...(country ? { 'cf-ipcountry': country } : {}), 'user-agent': UA(n) } })
const adminBrand = async (id: string) =>
  ((await (await t.app.request('/api/brands/static-offers-admin', { headers: { authorization: `Bearer ${token}` } })).json()).pages as (BrandPage & Record<string, unknown>)[]).find((p) => p._id === id)!
/** What the admin's brand form sends for the brand as it is, with `fields` changed (a PUT replaces the page). */
const put = async (id: string, fields: Record<string, string>) => {
  const f = toFormData(toDraft(await adminBrand(id)))
  for (const [k, v] of Object.entries(fields)) f.set(k, v)
  return t.app.request(`/api/brands/${id}`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: f })
}
const offerIds = async (country = 'GB') => ((await (await t.app.request('/api/brands/static-offers', from(country))).json()).pages as { _id: string }[]).map((p) => p._id)
const html = async (path: string, country = 'GB') => {
  const res = await t.app.request(path, from(country))
  expect(res.status).toBe(200)
  return res.text()
}
const REVIEW = { scores: { bonuses: 4, games: 4.5, payments: 5, support: 3, mobile: 4, safety: 5 }, pros: ['Fast payouts'], cons: ['Few table games'], verdict: 'A safe pick.', reviewer: 'Maya Chen', testedAt: '2026-11-01' }

describe('facts and reviews through the brand API', () => {
  it('stores facts and a review, and the page, its score and its JSON-LD show them', async () => {
    const res = await put('royal-reel', {
      facts: JSON.stringify({ minDeposit: { amount: 15, currency: 'eur' }, withdrawalHours: 0, paymentMethods: ['PayPal'], bonusCode: 'REEL15', lastVerified: '2026-11-19' }),
      review: JSON.stringify(REVIEW),
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const stored = await adminBrand('royal-reel')
    expect(stored.facts).toEqual({ minDeposit: { amount: 15, currency: 'EUR' }, withdrawalHours: 0, paymentMethods: ['PayPal'], bonusCode: 'REEL15', lastVerified: '2026-11-19' })
    expect(stored.review).toEqual(REVIEW)

    // the brand page's data carries them (its rendering: e2e/formats.e2e.test.ts)
    const page = (await t.ctx.services.brands.brandPageFor('royal-reel', 'GB'))!
    expect(page.brand.facts?.bonusCode).toBe('REEL15')
    expect(page.brand.review?.pros).toEqual(['Fast payouts'])
    // the review's overall score (4.4), not the old rating, wherever the brand is scored
    const offers = (await (await t.app.request('/api/brands/static-offers', from('GB'))).json()).pages as { _id: string; rating: number }[]
    expect(offers.find((o) => o._id === 'royal-reel')!.rating).toBe(4.4)
    const ld = brandReview(page.brand, 'http://localhost:3000/brands/royal-reel', 'http://localhost:3000')!
    expect(ld).toMatchObject({ '@type': 'Review', author: { '@type': 'Person', name: 'Maya Chen' }, reviewRating: { ratingValue: 4.4, bestRating: 5, worstRating: 1 }, itemReviewed: { '@type': 'Organization', name: 'Royal Reel' } })
    expect(JSON.stringify(ld)).not.toContain('AggregateRating')
  })

  it('answers 400 naming the fact or score, and changes nothing', async () => {
    const before = await adminBrand('royal-reel')
    for (const [fields, field] of [
      [{ facts: JSON.stringify({ minDeposit: { amount: 10, currency: 'XYZ' } }) }, 'facts.minDeposit.currency'],
      [{ facts: JSON.stringify({ bonusCode: 'has space' }) }, 'facts.bonusCode'],
      [{ review: JSON.stringify({ ...REVIEW, scores: { ...REVIEW.scores, games: 7 } }) }, 'review.scores.games'],
      [{ validFrom: '2026-12-10', validUntil: '2026-12-01' }, 'validUntil'],
      [{ validUntil: 'soon' }, 'validUntil'],
    ] as const) {
      const res = await put('royal-reel', fields)
      expect(res.status, field).toBe(400)
      const body = await res.json()
      expect(body.code).toBe('bad_request')
      expect(JSON.stringify(body), field).toContain(field)
    }
    expect(await adminBrand('royal-reel')).toEqual(before)
  })

  it('a review cleared with null leaves the editor\'s rating as the score', async () => {
    expect((await put('royal-reel', { review: 'null' })).status).toBe(200)
    expect((await adminBrand('royal-reel')).review).toBeNull()
    const offers = (await (await t.app.request('/api/brands/static-offers', from('GB'))).json()).pages as { _id: string; rating: number }[]
    expect(offers.find((o) => o._id === 'royal-reel')!.rating).toBe((await adminBrand('royal-reel')).rating)
  })
})

describe('offer lifecycle', () => {
  // pages rendered from the offers of the visitor's country, through the real render cache
  let pages: ReturnType<typeof createApp>
  const page = async (path: string) => (await pages.request(path, from('GB'))).text()
  beforeAll(() => {
    const render: PageRenderer = async (req, init) => {
      const ids = (await t.ctx.services.brands.listOffers(init?.visitorCountry ?? null)).map((o) => `/go/${o._id}`)
      return new Response(`<!doctype html><p>${new URL(req.url).pathname}: ${ids.join(' ')}</p>`, { headers: { 'content-type': 'text/html;charset=utf-8' } })
    }
    pages = createApp({ config: t.ctx.config, services: t.ctx.services, store: t.ctx.store, renderCache: t.ctx.renderCache, renderPage: render })
  })

  it('an ended offer leaves every list, /go answers 410 without counting a click, and the brand page says so', async () => {
    expect(await offerIds()).toContain('moonjackpot')
    const before = await (await t.app.request('/api/search/suggest?q=moonjack', from('GB'))).json()
    expect(before.suggestions.some((x: { kind: string; label: string }) => x.kind === 'brand' && x.label === 'MoonJackpot')).toBe(true)
    expect(await page('/')).toContain('/go/moonjackpot')
    expect((await put('moonjackpot', { validUntil: '2026-11-19' })).status).toBe(200)
    expect((await adminBrand('moonjackpot')).validUntil).toBe('2026-11-19T23:59:59.999Z')
    expect(await offerIds()).not.toContain('moonjackpot')
    expect(await page('/')).not.toContain('/go/moonjackpot')
    const directory = await t.ctx.services.brands.directory(1, 'GB')
    expect(directory!.brands.map((b) => b._id)).not.toContain('moonjackpot')

    const clicksBefore = await t.ctx.store.collection('clicks').count()
    const go = await t.app.request('/go/moonjackpot', from('GB', 'go'))
    expect(go.status).toBe(410)
    expect(await go.text()).toContain('offer has ended')
    await t.ctx.services.tracker.flush()
    expect(await t.ctx.store.collection('clicks').count()).toBe(clicksBefore)

    // nor does search offer it (its brands come from an in-memory lexicon built before the date passed);
    // a suggestion still finds it by name and leads to its page, which says it ended (issue 34), never to /go
    const search = await (await t.app.request('/api/search?q=moonjackpot', from('GB'))).json()
    expect(JSON.stringify(search.brands ?? [])).not.toContain('moonjackpot')
    const suggest = await (await t.app.request('/api/search/suggest?q=moonjack', from('GB'))).json()
    expect(suggest.suggestions.filter((x: { kind: string }) => x.kind === 'brand')).toEqual([{ kind: 'brand', label: 'MoonJackpot', href: '/brands/moonjackpot' }])
    expect((await t.ctx.services.search.topOffers('GB', 20)).map((o) => o._id)).not.toContain('moonjackpot')

    const brandPage = (await t.ctx.services.brands.brandPageFor('moonjackpot', 'GB'))!
    expect(brandPage.offer).toBe('ended')
    expect(brandPage.alternatives.length).toBeGreaterThan(0)
    expect(brandPage.alternatives.map((b) => b._id)).not.toContain('moonjackpot')
  })

  it('an upcoming offer appears by itself when its day comes, though the page was cached before', async () => {
    expect((await put('pixel-poker', { validFrom: '2026-11-21', validUntil: '' })).status).toBe(200)
    expect(await offerIds()).not.toContain('pixel-poker')
    expect(await page('/')).not.toContain('/go/pixel-poker')
    expect((await t.app.request('/go/pixel-poker', from('GB', 'up'))).status).toBe(404)
    expect(await page('/')).not.toContain('/go/pixel-poker') // served from the cache
    clock = new Date('2026-11-21T00:00:01Z').getTime()
    expect(await page('/')).toContain('/go/pixel-poker') // nothing cached outlives the offer's start
    expect(await offerIds()).toContain('pixel-poker')
    expect((await t.app.request('/go/pixel-poker', from('GB', 'up'))).status).toBe(302)
  })
})

describe('comparison tables in articles', () => {
  const guide = async () => (await t.ctx.store.collection<{ _id: string; title: string }>('posts').findOne({ title: 'Fastest Casino Payment Methods Compared' }))!._id

  it('resolves a table for the visitor\'s country: GB rows differ from US rows, in the editor\'s order', async () => {
    const specs: CompareSpec[] = []
    const content = 'Intro\n\n{{compare brands="albion-casino, nova-spins, liberty-lines, satoshi-slots" columns="bonus, code, minDeposit, score"}}'
    renderBody([{ headline: 'Compared', content, keywords: [], hyperlinks: [], subsections: [] }], 'http://localhost:3000', specs)
    expect(specs).toHaveLength(1)
    const [gb] = await t.ctx.services.brands.comparisons(specs, 'GB')
    const [us] = await t.ctx.services.brands.comparisons(specs, 'US')
    expect(gb!.rows.map((r) => r._id)).toEqual(['albion-casino', 'nova-spins', 'satoshi-slots'])
    expect(us!.rows.map((r) => r._id)).toEqual(['nova-spins', 'liberty-lines', 'satoshi-slots'])
    expect(gb!.rows[0]!.cells).toMatchObject({ code: 'ALBION50', minDeposit: '£10' })
    // the unprefixed site is the pound's (issue 34): a deposit in dollars says so
    expect(us!.rows[1]!.cells).toMatchObject({ code: 'LIBERTY500', minDeposit: '$10 (USD)' })
    expect(gb!.columns).toEqual(['bonus', 'code', 'minDeposit', 'score'])
  })

  it('a rule chooses brands of a type, up to its limit, and leaves out what is not listed', async () => {
    const [crypto] = await t.ctx.services.brands.comparisons([{ type: 'typeCrypto', limit: 10, columns: ['bonus'] }], 'GB')
    expect(crypto!.rows.length).toBeGreaterThan(0)
    const all = await t.ctx.services.brands.listOffers('GB')
    for (const r of crypto!.rows) expect(all.map((o) => o._id)).toContain(r._id)
    const [one] = await t.ctx.services.brands.comparisons([{ type: 'typeCrypto', limit: 1, columns: ['bonus'] }], 'GB')
    expect(one!.rows).toHaveLength(1)
  })

  it('refuses to save a section whose directive cannot be read, naming the line', async () => {
    const id = await guide()
    const post = await (await t.app.request(`/api/posts/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()
    const body = structuredClone(post.content.body) as { content: string }[]
    body[0]!.content = `Intro\n{{compare brands="nova-spins" columns="bonus, rtp"}}`
    const res = await t.app.request(`/api/posts/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...post, content: { ...post.content, body } }),
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toMatch(/comparison table on line 2: unknown column \\?"rtp\\?"/)
    const after = await (await t.app.request(`/api/posts/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()
    expect(after.content.body[0].content).toBe(post.content.body[0].content)
  })
})

describe('bonus code copies', () => {
  const copies = async () => {
    const r = await (await t.app.request('/api/reports/brands/nova-spins', { headers: { authorization: `Bearer ${token}` } })).json()
    return r.totals.codeCopies as number
  }
  const copy = (ua: string, body: unknown = { brandId: 'nova-spins', from: 'brand:nova-spins', slot: 'brand-cta' }, ip = '203.0.113.10') =>
    t.app.request('/api/track/code-copy', { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': ua, 'cf-ipcountry': 'GB', 'x-forwarded-for': ip }, body: JSON.stringify(body) })

  it('counts a person (their network, as clicks: issue 24) once per brand per hour, and never a bot', async () => {
    const before = await copies()
    expect((await copy(UA('copier'))).status).toBe(204)
    expect((await copy(UA('copier'))).status).toBe(204)
    expect((await copy(UA('another browser, same network'))).status).toBe(204)
    expect((await copy(UA('copier-2'), undefined, '198.51.100.20')).status).toBe(204)
    expect((await copy('Googlebot/2.1 (+http://www.google.com/bot.html)', undefined, '66.249.66.1')).status).toBe(204)
    expect(await copies()).toBe(before + 2)
  })

  // issue 35: a copy of a code the brand does not have is no copy (a forged beacon, or a stale page)
  it.each([
    ['a brand without a bonus code', 'thames-bet'],
    ['a brand with no facts at all', 'moonjackpot'],
  ])('counts nothing for %s, and answers the beacon as usual', async (_what, brandId) => {
    const count = async () => (await (await t.app.request(`/api/reports/brands/${brandId}`, { headers: { authorization: `Bearer ${token}` } })).json()).totals.codeCopies as number
    const before = await count()
    const counters = JSON.stringify(await t.ctx.store.readCounters('counters'))
    expect((await copy(UA('no-code'), { brandId, from: `brand:${brandId}`, slot: 'brand-cta' }, '198.51.100.77')).status).toBe(204)
    expect(await count()).toBe(before)
    expect(JSON.stringify(await t.ctx.store.readCounters('counters'))).toBe(counters)
  })

  it('answers 400 for a body that is not a copy, and counts nothing', async () => {
    const before = await copies()
    expect((await copy(UA('bad'), { brandId: '../x' })).status).toBe(400)
    expect((await copy(UA('bad'), { brandId: 'nova-spins', extra: 1 })).status).toBe(400)
    expect(await copies()).toBe(before)
  })
})

describe('the editor\'s preview of a section with a comparison table', () => {
  const preview = (content: string, country = 'US') =>
    t.app.request('/api/posts/preview-text', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'cf-ipcountry': country, 'user-agent': UA('editor') },
      body: JSON.stringify({ content, hyperlinks: [] }),
    })

  it('resolves the table for the editor\'s country and names a directive it cannot read, by line, without refusing', async () => {
    const res = await preview('Intro\n\n{{compare brands="albion-casino, liberty-lines" columns="bonus, code"}}\n{{compare tag="x" limit="99"}}')
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.country).toBe('US')
    expect(body.comparisons).toHaveLength(1)
    expect(body.comparisons[0].rows.map((r: { _id: string }) => r._id)).toEqual(['liberty-lines'])
    expect(body.problems).toEqual(['Comparison table on line 4: limit must be a whole number from 1 to 10'])
    expect(body.tree.some((b: { t: string }) => b.t === 'compare')).toBe(true)
  })

  it('is for editors only', async () => {
    const res = await t.app.request('/api/posts/preview-text', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'x', hyperlinks: [] }) })
    expect(res.status).toBe(401)
  })
})
