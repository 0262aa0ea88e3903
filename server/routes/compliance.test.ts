import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_AFFILIATE_DISCLOSURE } from '../../lib/offer-terms.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { parseExport } from '../operations/transfer.ts'

/**
 * Compliance (UKGC / ASA-CAP): every offer carries its significant terms and full-terms link through
 * the API, the offers answer, import/export and backups; the affiliate disclosure is an editor setting.
 */

type App = Awaited<ReturnType<typeof makeTestApp>>
let t: App
let editor: string
let user: string
beforeAll(async () => {
  t = await makeTestApp()
  editor = (await loginAs(t, 'editor')).accessToken
  user = (await loginAs(t, 'user')).accessToken
})

type Fields = Record<string, string>
const brandFields = (over: Fields = {}): Fields => ({
  brandName: 'Terms Casino',
  campaignType: 'Web - Sale',
  bonusOffer: '100% up to £100',
  dealBox: JSON.stringify({ mainText: '100% up to £100', ctaLabel: 'Play', ctaUrl: 'https://terms.example/go' }),
  termsSummary: '  18+. New customers only. Min deposit £10. 35x wagering. T&Cs apply.  ',
  termsUrl: 'https://terms.example/terms',
  ...over,
})
const form = (fields: Fields) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  return f
}
const send = (method: string, path: string, fields: Fields, token = editor) => t.app.request(path, { method, headers: { authorization: `Bearer ${token}` }, body: form(fields) })
const brandCount = () => t.ctx.store.collection('brands').count()
const getBrand = async (id: string) => (await t.app.request(`/api/brands/${id}`)).json()

describe('brand terms through the API', () => {
  it('stores termsSummary (trimmed) and termsUrl, and answers them in GET /api/brands/:id, the admin list and the offers answer', async () => {
    await t.app.request('/api/brands/static-offers') // fill the render cache: the write must clear it
    const res = await send('POST', '/api/brands', brandFields())
    expect(res.status).toBe(201)
    const expected = { termsSummary: '18+. New customers only. Min deposit £10. 35x wagering. T&Cs apply.', termsUrl: 'https://terms.example/terms' }
    expect(await res.json()).toMatchObject({ _id: 'terms-casino', ...expected })
    expect(await getBrand('terms-casino')).toMatchObject(expected)
    const admin = await (await t.app.request('/api/brands/static-offers-admin', { headers: { authorization: `Bearer ${editor}` } })).json()
    expect(admin.pages.find((p: { _id: string }) => p._id === 'terms-casino')).toMatchObject(expected)
    const offers = await (await t.app.request('/api/brands/static-offers')).json()
    expect(offers.pages.find((p: { _id: string }) => p._id === 'terms-casino')).toMatchObject(expected)
  })

  it('answers every demo offer with its terms line and its own .example terms URL (and the /brands directory too)', async () => {
    const { pages } = await (await t.app.request('/api/brands/static-offers')).json()
    const demo = pages.filter((p: { _id: string }) => p._id !== 'terms-casino')
    expect(demo).toHaveLength(8)
    for (const p of demo) {
      expect(p.termsSummary, p._id).toMatch(/^18\+\. .*T&Cs apply\.$/)
      expect(p.termsSummary.length, p._id).toBeLessThanOrEqual(300)
      expect(new URL(p.termsUrl).hostname, p._id).toMatch(/^[a-z]+\.example$/)
    }
    const directory = await t.ctx.services.brands.directory(1)
    expect(directory!.brands.every((b) => b.termsSummary && b.termsUrl)).toBe(true)
  })

  const bad: [string, Fields, string, RegExp][] = [
    ['a terms line over 300 characters', { termsSummary: 'x'.repeat(301) }, 'termsSummary', /at most 300/],
    ['a newline in the terms line', { termsSummary: '18+.\nNew customers only.' }, 'termsSummary', /control characters/],
    ['a control character in the terms line', { termsSummary: '18+. \u0007T&Cs apply.' }, 'termsSummary', /control characters/],
    ['a javascript: terms URL', { termsUrl: 'javascript:alert(1)' }, 'termsUrl', /absolute http\(s\) URL/],
    ['a data: terms URL', { termsUrl: 'data:text/html,<b>x</b>' }, 'termsUrl', /absolute http\(s\) URL/],
    ['an ftp: terms URL', { termsUrl: 'ftp://terms.example/t' }, 'termsUrl', /absolute http\(s\) URL/],
    ['a path instead of the operator URL', { termsUrl: '/terms' }, 'termsUrl', /absolute http\(s\) URL/],
    ['a tab inside the terms URL', { termsUrl: 'https://terms.example/\tx' }, 'termsUrl', /control characters/],
    ['a backslash in the terms URL', { termsUrl: 'https://terms.example\\@evil.example/' }, 'termsUrl', /backslashes/],
  ]
  it.each(bad)('refuses %s with 400 { message, code, issues } naming the field, and writes nothing', async (_name, over, field, message) => {
    const before = await brandCount()
    const res = await send('POST', '/api/brands', brandFields({ brandName: 'Refused Brand', ...over }))
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.code).toBe('bad_request')
    expect(body.message).toMatch(new RegExp(`^Invalid ${field}: `))
    expect(body.message).toMatch(message)
    expect(body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]))
    expect(await brandCount()).toBe(before)
    // an update is refused the same way and leaves the stored terms as they were
    const put = await send('PUT', '/api/brands/terms-casino', brandFields(over))
    expect(put.status).toBe(400)
    expect((await getBrand('terms-casino')).termsUrl).toBe('https://terms.example/terms')
  })

  it('keeps working for an older client that does not send the fields: a new brand gets none, an update keeps them', async () => {
    const { termsSummary: _s, termsUrl: _u, ...old } = brandFields({ brandName: 'Old Client Brand' })
    const created = await send('POST', '/api/brands', old)
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ termsSummary: '', termsUrl: '' })

    const { termsSummary: _s2, termsUrl: _u2, ...oldUpdate } = brandFields({ tagline: 'Updated by an old admin' })
    const updated = await send('PUT', '/api/brands/terms-casino', oldUpdate)
    expect(updated.status).toBe(200)
    expect(await getBrand('terms-casino')).toMatchObject({ tagline: 'Updated by an old admin', termsSummary: expect.stringMatching(/^18\+/), termsUrl: 'https://terms.example/terms' })

    // a client that sends them empty clears them
    expect((await send('PUT', '/api/brands/terms-casino', brandFields({ termsSummary: '', termsUrl: '' }))).status).toBe(200)
    expect(await getBrand('terms-casino')).toMatchObject({ termsSummary: '', termsUrl: '' })
    expect((await send('PUT', '/api/brands/terms-casino', brandFields())).status).toBe(200)
  })

  it('answers \'\' for a brand stored before the fields existed', async () => {
    const { termsSummary: _s, termsUrl: _u, ...doc } = (await t.ctx.repos.brands.findById('nova-spins'))!
    await t.ctx.store.collection('brands').insertOne({ ...doc, _id: 'stored-long-ago' } as never)
    await t.ctx.repos.brands.init() // what a start does with a store written by an older version (derives `live`)
    expect(await getBrand('stored-long-ago')).toMatchObject({ termsSummary: '', termsUrl: '' })
    await t.ctx.repos.brands.remove('stored-long-ago')
  })
})

describe('terms in import/export and backups (storedBrandSchema)', () => {
  it('round-trips through export → import into an empty store', async () => {
    const bundle = await t.ctx.services.transfer.export('brands')
    const target = await makeTestApp({ seed: false })
    const report = await target.ctx.services.transfer.import('brands', parseExport(JSON.stringify(bundle), 'json'))
    expect(report.invalid).toEqual([])
    expect(await target.ctx.services.transfer.export('brands')).toEqual(bundle)
    expect((await target.ctx.services.brands.getBrandPageOrThrow('terms-casino')).termsUrl).toBe('https://terms.example/terms')
  })

  it('imports an older export without the fields, and refuses a bad terms URL naming record and field', async () => {
    const bundle = await t.ctx.services.transfer.export('brands')
    const older = { ...bundle, brands: bundle.brands.map(({ termsSummary: _s, termsUrl: _u, ...b }) => b) }
    const target = await makeTestApp({ seed: false })
    const report = await target.ctx.services.transfer.import('brands', parseExport(JSON.stringify(older), 'json'))
    expect(report.invalid).toEqual([])
    expect(await target.ctx.services.brands.getBrandPageOrThrow('nova-spins')).toMatchObject({ termsSummary: '', termsUrl: '' })

    const tampered = { ...bundle, brands: bundle.brands.map((b, i) => (i === 0 ? { ...b, termsUrl: 'javascript:alert(1)' } : b)) }
    const empty = await makeTestApp({ seed: false })
    const refused = await empty.ctx.services.transfer.import('brands', parseExport(JSON.stringify(tampered), 'json'))
    expect(refused.written).toBe(false)
    expect(refused.invalid).toEqual([expect.objectContaining({ record: 'brands[0]', field: 'termsUrl' })])
    expect(await empty.ctx.repos.brands.count()).toBe(0)
  })

  it('backs up and restores the terms and the saved disclosure', async () => {
    const source = await makeTestApp()
    await source.ctx.services.siteSettings.setDisclosure('Backed-up disclosure: we are paid by the brands we list.')
    const backup = JSON.parse(JSON.stringify(await source.ctx.services.backup.create({})))
    expect(backup.collections.site_settings).toEqual([expect.objectContaining({ _id: 'affiliate-disclosure' })])
    const target = await makeTestApp({ seed: false })
    await target.ctx.services.backup.restore(backup)
    expect((await target.ctx.services.siteSettings.disclosure()).text).toBe('Backed-up disclosure: we are paid by the brands we list.')
    expect((await target.ctx.services.brands.getBrandPageOrThrow('royal-reel')).termsUrl).toBe('https://royalreel.example/terms')
  })
})

describe('the affiliate disclosure setting', () => {
  const put = (body: unknown, token: string | null = editor) =>
    t.app.request('/api/site-settings/disclosure', { method: 'PUT', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })
  const current = async () => (await (await t.app.request('/api/site-settings/disclosure')).json()).text

  it('answers the default with its link until an editor saves one', async () => {
    const res = await t.app.request('/api/site-settings/disclosure')
    expect(res.status).toBe(200)
    // updatedAt: the setting's version (null while the default stands), sent back as If-Match by the form
    expect(await res.json()).toEqual({ text: DEFAULT_AFFILIATE_DISCLOSURE, linkUrl: '/info/affiliate-disclosure', updatedAt: null })
  })

  it('is written by editors only: 401 without a token, 403 for a user, nothing changed', async () => {
    const anon = await put({ text: 'Anonymous change' }, null)
    expect(anon.status).toBe(401)
    expect(await anon.json()).toMatchObject({ code: 'unauthorized' })
    const byUser = await put({ text: 'User change' }, user)
    expect(byUser.status).toBe(403)
    expect(await byUser.json()).toMatchObject({ code: 'forbidden' })
    expect(await current()).toBe(DEFAULT_AFFILIATE_DISCLOSURE)
  })

  it('saves an editor\'s line (trimmed) and every public answer shows it at once', async () => {
    expect(await current()).toBe(DEFAULT_AFFILIATE_DISCLOSURE) // now in the render cache
    const res = await put({ text: '  GameWise is paid by some brands listed here.  ' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ text: 'GameWise is paid by some brands listed here.', linkUrl: '/info/affiliate-disclosure', updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) })
    expect(await current()).toBe('GameWise is paid by some brands listed here.')
  })

  const invalid: [string, unknown, RegExp][] = [
    ['an empty line', { text: '   ' }, /required/],
    ['a line over 300 characters', { text: 'x'.repeat(301) }, /at most 300/],
    ['HTML', { text: 'We earn <a href="https://evil.example">money</a>' }, /plain text/],
    ['a script tag', { text: '<script>alert(1)</script>' }, /plain text/],
    ['a newline', { text: 'We earn\nmoney' }, /control characters/],
    ['a number', { text: 42 }, /Invalid text/],
    ['an unknown field', { text: 'ok text', html: '<b>x</b>' }, /Invalid/],
  ]
  it.each(invalid)('refuses %s with 400 { message, code, issues } and keeps the line', async (_name, body, message) => {
    const before = await current()
    const res = await put(body)
    expect(res.status).toBe(400)
    const answer = await res.json()
    expect(answer).toMatchObject({ code: 'bad_request', message: expect.stringMatching(message), issues: expect.any(Array) })
    expect(await current()).toBe(before)
  })
})
