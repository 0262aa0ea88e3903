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

describe('a trail of every revenue import (the audit log)', () => {
  let manager = ''
  let admin = ''
  beforeAll(async () => {
    await t.ctx.services.users.createUser('mia_manager', 'correct horse battery', 'manager')
    manager = (await t.ctx.services.users.login('mia_manager', 'correct horse battery')).accessToken
    admin = tokens.admin
  })
  const trail = async (action: string) => {
    const res = await t.app.request(`/api/audit?action=${action}`, { headers: { authorization: `Bearer ${admin}` } })
    expect(res.status).toBe(200)
    return (await res.json()).entries as { actor: string; role: string; via: string; action: string; target: string; changes: { field: string; to?: unknown }[]; note?: string }[]
  }
  const fields = (e: { changes: { field: string; to?: unknown }[] }) => Object.fromEntries(e.changes.map((c) => [c.field, c.to]))
  const file = ['goal,payout,currency,txn_id,date', `FTD,40,EUR,trail-1,${DAY}`, `Deposit,25.5,USD,trail-2,${DAY}`, `Deposit,10,USD,trail-3,${DAY}`].join('\n')

  it('a conversions import: who, the file, rows read, rows written and the totals per currency', async () => {
    const res = await post('/api/conversions/import?brand=nova-spins&name=november.csv', manager, file)
    expect(res.status).toBe(201)
    const [entry] = await trail('conversions.import')
    expect(entry).toMatchObject({ actor: 'mia_manager', role: 'manager', via: 'http', action: 'conversions.import', target: 'conversions' })
    expect(fields(entry!)).toMatchObject({ file: 'november.csv', 'rows read': 3, 'rows written': 3, 'already counted': 0, 'total EUR': 40, 'total USD': 35.5 })
  })

  it('an import that changes nothing is on the trail too, with nothing written', async () => {
    expect((await post('/api/conversions/import?brand=nova-spins&name=november.csv', manager, file)).status).toBe(200)
    const [entry] = await trail('conversions.import')
    expect(fields(entry!)).toMatchObject({ file: 'november.csv', 'rows read': 3, 'rows written': 0, 'already counted': 3 })
    expect(entry!.changes.some((c) => c.field.startsWith('total '))).toBe(false)
  })

  it('a preview (dry run) and a refused file write nothing, so they leave no entry', async () => {
    const before = (await trail('conversions.import')).length
    expect((await post('/api/conversions/import?brand=nova-spins&name=preview.csv&dryRun=1', manager, file.replace(/trail-/g, 'dry-'))).status).toBe(200)
    expect(await (await post('/api/conversions/import?name=bad.csv', manager, 'goal,payout,txn_id\nFTD,abc,bad-1\n')).json()).toMatchObject({ written: false })
    expect((await trail('conversions.import')).length).toBe(before)
  })

  it('a rates import: who, the file, rates read and changed, and how many per currency', async () => {
    const res = await post('/api/rates/import?name=ecb-november.csv', manager, 'date,currency,rate\n2026-11-02,USD,1.08\n2026-11-02,GBP,0.86\n2026-11-03,USD,1.09\n', 'text/plain')
    expect(res.status).toBe(201)
    const [entry] = await trail('rates.import')
    expect(entry).toMatchObject({ actor: 'mia_manager', role: 'manager', action: 'rates.import', target: 'exchange-rates' })
    expect(fields(entry!)).toMatchObject({ file: 'ecb-november.csv', 'rates read': 3, 'rates changed': 3, from: '2026-11-02', to: '2026-11-03' })
    expect(entry!.note).toBe('rates per currency: GBP 1, USD 2')
    // the same file again: read, and nothing changed
    await post('/api/rates/import?name=ecb-november.csv', manager, 'date,currency,rate\n2026-11-02,USD,1.08\n2026-11-02,GBP,0.86\n2026-11-03,USD,1.09\n', 'text/plain')
    const [again] = await trail('rates.import')
    expect(fields(again!)).toMatchObject({ 'rates read': 3, 'rates changed': 0 })
  })
})
