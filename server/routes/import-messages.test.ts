import { beforeAll, describe, expect, it } from 'vitest'
import { loginAs, makeTestApp } from '../../test/make-app.ts'

/**
 * What a revenue import says, in words the person importing reads: a field's label ("line 4, Payout"),
 * never validator text ("Expected number, received nan") or the CLI's flags ("--map"); a refused file
 * answers 4xx { message, code }; a file with nothing in it, or nothing new, says so.
 */
const DAY = '2026-11-10'
let t: Awaited<ReturnType<typeof makeTestApp>>
let manager = ''

beforeAll(async () => {
  t = await makeTestApp({ env: { REPORT_CURRENCY: 'EUR' }, now: () => new Date(`${DAY}T12:00:00Z`) })
  manager = (await loginAs(t, 'manager')).accessToken
})

const importCsv = (csv: string, query: Record<string, string> = {}) =>
  t.app.request(`/api/conversions/import?${new URLSearchParams({ brand: 'nova-spins', ...query })}`, { method: 'POST', headers: { authorization: `Bearer ${manager}`, 'content-type': 'text/csv' }, body: csv })
const importRates = (text: string, name = 'rates.csv') => t.app.request(`/api/rates/import?name=${name}`, { method: 'POST', headers: { authorization: `Bearer ${manager}`, 'content-type': 'text/plain' }, body: text })
/** Text no one importing a file should have to read */
const JARGON = /expected|received|invalid option|too big|too small|nan\b|zod|--\w/i

describe('a programme CSV: problems named by line and field', () => {
  const bad = [
    'click_id,goal,payout,currency,txn_id,status,date',
    `,FTD,abc,EUR,t-1,approved,${DAY}`,
    `,FTD,10,EUR,t-2,paid,${DAY}`,
    `${'x'.repeat(101)},FTD,10,EUR,t-3,approved,${DAY}`,
    `,FTD,10,EUR,t-4,approved,2026-02-30`,
    `,Nonsense,10,EUR,t-5,approved,${DAY}`,
    `,FTD,10,EURO,t-6,approved,${DAY}`,
    `,Deposit,-5,EUR,t-7,approved,${DAY}`,
    `,FTD,5000000,EUR,t-8,approved,${DAY}`,
    `,FTD,10,EUR,,approved,${DAY}`,
  ].join('\n')

  it('a preview lists every bad row with its line, the field people call it and what to write instead', async () => {
    const res = await importCsv(bad, { dryRun: '1' })
    expect(res.status).toBe(200)
    const r = await res.json()
    expect(r.written).toBe(false)
    expect(r.invalid.map((p: { line: number; field: string }) => [p.line, p.field])).toEqual([
      [2, 'Payout'],
      [3, 'Status'],
      [4, 'Click ID'],
      [5, 'Date'],
      [6, 'Goal'],
      [7, 'Currency'],
      [8, 'Payout'],
      [9, 'Payout'],
      [10, 'Click ID'],
    ])
    const message = (line: number) => r.invalid.find((p: { line: number }) => p.line === line).message
    expect(message(2)).toBe('"abc" is not a number: write the amount alone, such as 25 or 25.50')
    expect(message(3)).toBe('"paid" is not a status: use approved, pending or rejected')
    expect(message(4)).toBe('is longer than 100 characters')
    expect(message(5)).toBe('"2026-02-30" is not a date: write it as YYYY-MM-DD, such as 2026-11-30')
    expect(message(6)).toMatch(/^"Nonsense" is not a goal we know: use .*FTD.*CPA.*Registration.*CPL.*Revenue share/)
    expect(message(7)).toBe('"EURO" is not a currency code: use three letters, such as EUR, GBP or USD')
    expect(message(8)).toBe('may be below 0 only for a revenue share adjustment (a clawback)')
    expect(message(9)).toBe('must be at most 1,000,000')
    expect(message(10)).toMatch(/needs a Click ID or a Transaction ID/)
    for (const p of r.invalid) expect(p.message, `line ${p.line}`).not.toMatch(JARGON)
    expect(r.message).toBe('Nothing has been written (a preview): 9 rows need fixing before this file can be imported.')
  })

  it('names the file’s own column when it is mapped to a field', async () => {
    const r = await (await importCsv('subid,event,amount,transaction\n,FTD,1.2.3,t-9\n', { map: 'click_id=subid,goal=event,payout=amount,txn_id=transaction', dryRun: '1' })).json()
    expect(r.invalid).toEqual([{ line: 2, column: 'amount', field: 'Payout', message: '"1.2.3" is not a number: write the amount alone, such as 25 or 25.50' }])
  })

  it('a refused file answers 422 { message, code } with the rows to fix, and nothing is written', async () => {
    const res = await importCsv(bad)
    expect(res.status).toBe(422)
    const body = await res.json()
    expect(body).toMatchObject({ code: 'unprocessable', written: false })
    expect(body.message).toMatch(/^Nothing was imported: 9 rows need fixing\. line 2, Payout: "abc" is not a number/)
    expect(body.invalid).toHaveLength(9)
    expect(await t.ctx.store.collection('conversions').count()).toBe(0)
  })

  it('a file with a header and no rows: nothing to import (422), previewed or not', async () => {
    for (const dryRun of ['1', '0']) {
      const res = await importCsv('click_id,goal,payout,txn_id\n', { dryRun })
      expect(res.status).toBe(422)
      expect(await res.json()).toEqual({ message: 'Nothing to import: the file has a header and no rows', code: 'unprocessable' })
    }
  })

  it('a missing column or a wrong column map is said without the command line’s flags', async () => {
    const noGoal = await (await importCsv('subid,event,amount\nc-1,FTD,10\n')).json()
    expect(noGoal.message).toBe('No Goal column: the file’s header line has subid, event, amount. Say which column holds the goal in the column map, such as goal=event')
    const unknownField = await importCsv('subid,event\nc-1,FTD\n', { map: 'clickid=subid' })
    expect(unknownField.status).toBe(400)
    expect((await unknownField.json()).message).toBe('Unknown field "clickid" in the column map: use click_id, goal, payout, currency, txn_id, status, date or brand')
    const notAPair = await (await importCsv('subid,event\nc-1,FTD\n', { map: 'goal' })).json()
    expect(notAPair.message).toBe('The column map’s "goal" is not field=column, such as click_id=subid')
    const absent = await (await importCsv('subid,event\nc-1,FTD\n', { map: 'goal=kind' })).json()
    expect(absent.message).toBe('Column "kind" (for Goal) is not in the file’s header line: subid, event')
    for (const m of [noGoal.message, absent.message]) expect(m).not.toMatch(JARGON)
  })

  it('a row no click matched, without a brand, says how to keep it', async () => {
    const r = await (await importCsv('click_id,goal,payout,txn_id\nnot-ours,FTD,10,t-10\n', { brand: '', dryRun: '1' })).json()
    expect(r.invalid).toEqual([{ line: 2, column: 'click_id', field: 'Click ID', message: 'no click of ours has the Click ID "not-ours": choose the brand this revenue belongs to (or add a Brand column) to keep it as that brand’s revenue' }])
  })
})

describe('a programme CSV: what an accepted file did', () => {
  const csv = ['goal,payout,currency,txn_id,date', `CPA,40,EUR,ok-1,${DAY}`, `CPL,0,EUR,ok-2,${DAY}`, `rev share,25.5,USD,ok-3,${DAY}`].join('\n')

  it('counts CPA as a first deposit, CPL as a registration and rev share as a revenue share adjustment', async () => {
    const res = await importCsv(csv)
    expect(res.status).toBe(201)
    const r = await res.json()
    expect(r).toMatchObject({ rows: 3, unattributed: 3, changed: 3, totals: { EUR: 40, USD: 25.5 } })
    expect(r.message).toBe('Imported: 3 rows written, totalling €40.00 and US$25.50.')
    const goals = (await t.ctx.store.collection<{ _id: string; txn_id: string; goal: number }>('conversions').find({})).map((c) => [c.txn_id, c.goal]).sort()
    expect(goals).toEqual([['ok-1', 1011], ['ok-2', 1002], ['ok-3', 1013]])
  })

  it('the same file again: "Nothing changed: every row was already counted", never "Written."', async () => {
    const res = await importCsv(csv)
    expect(res.status).toBe(200)
    const r = await res.json()
    expect(r).toMatchObject({ written: true, changed: 0, duplicate: 3 })
    expect(r.message).toBe('Nothing changed: every row was already counted.')
  })
})

describe('an exchange-rates file: problems named by line and field', () => {
  it('a bad line names its field, and nothing is imported (400 { message, code })', async () => {
    const res = await importRates('date,currency,rate\n2026-11-02,USD,1.08\n2026-11-03,EURO,1\n2026-02-30,GBP,0.86\n2026-11-04,JPY,-1\n')
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.code).toBe('bad_request')
    expect(body.message).toBe(
      'The rates file has 3 bad lines; nothing was imported: line 3, Currency: "EURO" is not a currency code: use three letters, such as EUR, GBP or USD; line 4, Date: "2026-02-30" is not a date: write it as YYYY-MM-DD, such as 2026-11-30; line 5, Rate: "-1" is not a rate: write how many JPY one euro buys, such as 1.0825',
    )
    expect(await t.ctx.store.collection('exchange_rates').count()).toBe(0)
  })

  it('a missing column is named as people call it', async () => {
    const body = await (await importRates('day,currency,value\n2026-11-02,USD,1.08\n')).json()
    expect(body.message).toBe('The file’s header line needs Date, Currency and Rate columns (missing: Date, Rate)')
  })

  it('a file with a header and no rows: nothing to import (422)', async () => {
    const res = await importRates('date,currency,rate\n')
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ message: 'Nothing to import: the file has a header and no rows', code: 'unprocessable' })
  })

  it('says what it imported, and "Nothing changed" when every rate was already there', async () => {
    const file = 'date,currency,rate\n2026-11-02,USD,1.08\n2026-11-02,GBP,0.86\n'
    const first = await (await importRates(file)).json()
    expect(first.message).toBe('Imported 2 rates of 2 currencies for 1 day, 2026-11-02 to 2026-11-02.')
    const again = await (await importRates(file)).json()
    expect(again).toMatchObject({ rates: 2, changed: 0 })
    expect(again.message).toBe('Nothing changed: every rate in the file was already imported (2 rates, 2026-11-02 to 2026-11-02).')
    const some = await (await importRates(`${file}2026-11-03,USD,1.09\n`)).json()
    expect(some.message).toBe('Imported 3 rates of 2 currencies for 2 days, 2026-11-02 to 2026-11-03; 1 new or changed, the rest were already imported.')
  })
})
