import { beforeAll, describe, expect, it } from 'vitest'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { declaredRoutes } from '../router.ts'

/**
 * Bringing revenue in (programmes' conversion CSVs, exchange rates) is a manager's right: it moves every
 * figure on every report, so an editor — who writes the content those figures judge — may read the
 * reports but not feed them. Admins keep everything.
 */
const DAY = '2026-11-10'
let t: Awaited<ReturnType<typeof makeTestApp>>
const tokens: Record<'user' | 'editor' | 'manager' | 'admin', string> = { user: '', editor: '', manager: '', admin: '' }

beforeAll(async () => {
  t = await makeTestApp({ env: { REPORT_CURRENCY: 'EUR' }, now: () => new Date(`${DAY}T12:00:00Z`) })
  for (const role of ['user', 'editor', 'manager', 'admin'] as const) tokens[role] = (await loginAs(t, role)).accessToken
})

const post = (path: string, token: string, body: string, type = 'text/csv') =>
  t.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body })
const conversions = () => t.ctx.store.collection('conversions').count()
const rates = () => t.ctx.store.collection('exchange_rates').count()
const csv = (txn: string) => `goal,payout,currency,txn_id,date\nFTD,50,EUR,${txn},${DAY}\n`

describe('who may bring revenue in', () => {
  it('the route table says so: the imports (and the import fields list) need a manager', () => {
    const access = new Map(declaredRoutes(t.app).map((r) => [`${r.method} ${r.path}`, r.rule.access]))
    expect(access.get('POST /api/conversions/import')).toBe('manager')
    expect(access.get('GET /api/conversions/fields')).toBe('manager')
    expect(access.get('POST /api/rates/import')).toBe('manager')
    // reading the reports and the rates' status stays an editor's
    expect(access.get('GET /api/rates')).toBe('editor')
    expect(access.get('GET /api/reports/pages')).toBe('editor')
  })

  it.each([['a user', 'user'], ['an editor', 'editor']] as const)('%s is refused a conversions import with 403 { message, code }, and nothing is written', async (_, who) => {
    const res = await post('/api/conversions/import?brand=nova-spins', tokens[who], csv(`refused-${who}`))
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: expect.stringMatching(/manager/), code: 'forbidden' })
    expect(await conversions()).toBe(0)
  })

  it.each([['a user', 'user'], ['an editor', 'editor']] as const)('%s is refused a rates import with 403, and no rate is stored', async (_, who) => {
    const res = await post('/api/rates/import?name=rates.csv', tokens[who], 'date,currency,rate\n2026-11-09,USD,1.25\n', 'text/plain')
    expect(res.status).toBe(403)
    expect(await rates()).toBe(0)
  })

  it.each([['a manager', 'manager'], ['an admin', 'admin']] as const)('%s imports conversions and rates', async (_, who) => {
    const done = await post('/api/conversions/import?brand=nova-spins', tokens[who], csv(`ok-${who}`))
    expect(done.status, await done.clone().text()).toBe(201)
    expect(await done.json()).toMatchObject({ unattributed: 1, written: true })
    const r = await post('/api/rates/import?name=rates.csv', tokens[who], `date,currency,rate\n2026-11-0${who === 'admin' ? 8 : 9},USD,1.25\n`, 'text/plain')
    expect(r.status, await r.clone().text()).toBe(201)
    expect((await t.app.request('/api/conversions/fields', { headers: { authorization: `Bearer ${tokens[who]}` } })).status).toBe(200)
  })

  it('an editor still reads the reports and the rates status', async () => {
    for (const path of ['/api/rates', `/api/reports/pages?from=${DAY}&to=${DAY}`]) {
      expect((await t.app.request(path, { headers: { authorization: `Bearer ${tokens.editor}` } })).status, path).toBe(200)
    }
  })
})
