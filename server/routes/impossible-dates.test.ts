import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDay, parseIsoInstant } from '../../lib/format.ts'
import { runCli, tempDataDirs } from '../../test/cli.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'

/**
 * Issue 35, "Who may touch revenue": impossible dates (2026-02-30) are refused wherever a day or a date
 * and time is accepted, never rolled over (`new Date('2026-02-30')` is 2 March). Each field answers 400
 * naming it, and nothing is written.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>
let admin: string
const { dir, removeAll } = tempDataDirs()
afterAll(removeAll)

beforeAll(async () => {
  t = await makeTestApp({ now: () => new Date('2026-01-10T12:00:00Z') })
  admin = (await loginAs(t, 'admin')).accessToken
})

const sendJson = (method: string, path: string, body?: unknown) =>
  t.app.request(path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: body === undefined ? undefined : JSON.stringify(body) })
const brandForm = (over: Record<string, string>) => {
  const f = new FormData()
  const fields: Record<string, string> = { brandName: `Dated ${Math.random().toString(36).slice(2, 8)}`, campaignType: 'Web - Sale', dealBox: JSON.stringify({ ctaLabel: 'Play', ctaUrl: 'https://test.example/land' }), ...over }
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  return f
}
const postBrand = (over: Record<string, string>) => t.app.request('/api/brands', { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: brandForm(over) })

describe('parseIsoInstant (lib/dates.ts)', () => {
  it.each([
    ['2026-02-28', '2026-02-28T00:00:00.000Z'],
    ['2028-02-29', '2028-02-29T00:00:00.000Z'],
    ['2026-03-01T09:30:00Z', '2026-03-01T09:30:00.000Z'],
    ['2026-03-01T09:30', '2026-03-01T09:30:00.000Z'],
    ['2026-03-01 09:30:15.250+01:00', '2026-03-01T08:30:15.250Z'],
  ])('reads %s', (text, iso) => expect(parseIsoInstant(text)?.toISOString()).toBe(iso))

  it.each(['2026-02-30', '2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-02-30T10:00:00Z', '2026-02-28T24:00:00Z', '2026-02-28T23:60:00Z', 'February 30, 2026', '02/30/2026', 'next tuesday', ''])(
    'refuses %s (never rolled over)',
    (text) => expect(parseIsoInstant(text)).toBeNull(),
  )

  it('shows no day for an impossible one, rather than the day it rolls over to', () => {
    expect(formatDay('2026-02-30')).toBeNull()
    expect(formatDay('2026-02-30T10:00:00Z')).toBeNull()
    expect(formatDay('2026-02-28')).toBe('28 February 2026')
  })
})

describe('the API refuses impossible dates, naming the field', () => {
  it.each([
    ['a scheduled time', { status: 'scheduled', publishAt: '2026-02-30T09:00:00Z' }, 'publishAt'],
    ['a byline date', { meta: { author: 'A', date: '2026-02-30', reviewer: '', readTime: '' } }, 'meta.date'],
  ])("a post's %s", async (_what, over, path) => {
    const res = await sendJson('POST', '/api/posts/article', { title: `Dated post ${Math.random()}`, ...over })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.code).toBe('bad_request')
    expect(body.message).toMatch(new RegExp(`^Invalid ${path.replace('.', '\\.')}`))
    expect(body.issues[0].path).toBe(path)
  })

  it.each([
    ['validFrom', '2026-02-30'],
    ['validFrom', '2026-02-30T18:00:00Z'],
    ['validUntil', '2026-04-31'],
    ['validUntil', '2026-04-31T23:59:00Z'],
    ['publishAt', '2026-02-30T09:00:00Z'],
    ['facts', JSON.stringify({ lastVerified: '2026-02-30' })],
  ])("a brand's %s of %s", async (field, value) => {
    const before = await t.ctx.repos.brands.count()
    const res = await postBrand({ [field]: value, ...(field === 'publishAt' ? { status: 'scheduled' } : {}) })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.code).toBe('bad_request')
    expect(body.issues[0].path).toBe(field === 'facts' ? 'facts.lastVerified' : field)
    expect(await t.ctx.repos.brands.count()).toBe(before)
  })

  it.each([
    ['from', '2026-02-30'],
    ['to', '2026-02-30'],
    ['from', '2026-02-30T00:00:00Z'],
  ])('GET /api/audit?%s=%s', async (param, value) => {
    const res = await sendJson('GET', `/api/audit?${param}=${value}`)
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.code).toBe('bad_request')
    expect(body.issues[0].path).toBe(param)
  })

  it('still takes real days and times', async () => {
    expect((await sendJson('POST', '/api/posts/article', { title: `Scheduled ${Math.random()}`, status: 'scheduled', publishAt: '2026-02-28T09:00:00Z' })).status).toBe(201)
    expect((await postBrand({ validFrom: '2026-02-28', validUntil: '2026-03-31T18:00:00Z' })).status).toBe(201)
    expect((await sendJson('GET', '/api/audit?from=2026-01-01&to=2026-01-31')).status).toBe(200)
  })
})

describe('the CLI refuses impossible days', () => {
  it.each(['pages', 'placements', 'brands'])('stats %s --from 2026-02-30', (report) => {
    const r = runCli(dir('dates'), ['stats', report, '--from', '2026-02-30'])
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/2026-02-30.*is not a day in the calendar/)
  })
})
