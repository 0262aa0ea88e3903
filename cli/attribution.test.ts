import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../server/config.ts'
import { createAppContext } from '../server/context.ts'
import { CLI_SECRET, runCli, tempDataDirs } from '../test/cli.ts'

/** Issue 21 from the command line: rates, a programme's CSV, and the earnings reports equal to the API's. */
const { dir, removeAll } = tempDataDirs()
afterAll(removeAll)

const ECB = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>
    <Cube time="2026-11-20"><Cube currency="USD" rate="1.0500"/><Cube currency="GBP" rate="0.8400"/></Cube>
    <Cube time="2026-11-19"><Cube currency="USD" rate="1.0400"/><Cube currency="GBP" rate="0.8300"/></Cube>
  </Cube>
</gesmes:Envelope>`

let data: string
let clickId: string
const today = new Date().toISOString().slice(0, 10)
beforeAll(async () => {
  data = dir('attribution')
  expect(runCli(data, ['seed', 'demo', '--svg-images']).code).toBe(0)
  const ctx = await createAppContext(loadConfig({ DATA_DIR: data, AUTH_SECRET: CLI_SECRET }))
  const r = await ctx.services.tracker.go('nova-spins', { ip: '198.51.100.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36', method: 'GET', device: 'desktop' }, new URLSearchParams('from=article:rtp-explained&slot=article-offers&pos=1'))
  await ctx.services.tracker.flush()
  clickId = new URL((r as { location: string }).location).searchParams.get('click_id')!
  await ctx.close()
})

describe('rates, programme CSVs and earnings from the CLI (issue 21)', () => {
  it('imports the ECB eurofxref XML, and says what it imported', () => {
    const file = join(data, 'eurofxref-hist.xml')
    writeFileSync(file, ECB)
    const r = runCli(data, ['rates', 'import', file])
    expect(r.code, r.err).toBe(0)
    expect(r.out).toBe('Imported 4 rates of 2 currencies for 2 days, 2026-11-19 to 2026-11-20.\n')
    const bad = join(data, 'bad.csv')
    writeFileSync(bad, 'date,currency,rate\n2026-11-21,USD,1.1\n2026-11-22,EURO,1\n')
    const refused = runCli(data, ['rates', 'import', bad])
    expect(refused.code).toBe(1)
    expect(refused.err).toMatch(/line 3, Currency: "EURO" is not a currency code: use three letters, such as EUR, GBP or USD/)
    // the same file again: read, and nothing changed
    expect(runCli(data, ['rates', 'import', file]).out).toBe('Nothing changed: every rate in the file was already imported (4 rates, 2026-11-19 to 2026-11-20).\n')
    const headerOnly = join(data, 'header-only.csv')
    writeFileSync(headerOnly, 'date,currency,rate\n')
    expect(runCli(data, ['rates', 'import', headerOnly])).toMatchObject({ code: 1, err: 'error: Nothing to import: the file has a header and no rows\n' })
  })

  it('previews a programme CSV, then records it; a second import adds nothing', () => {
    const file = join(data, 'programme.csv')
    writeFileSync(file, `subid,event,amount,currency,transaction,date\n${clickId},FTD,120,EUR,t-1,${today}\n,FTD,30,EUR,t-2,${today}\n`)
    const map = 'click_id=subid,goal=event,payout=amount,txn_id=transaction'
    const dry = runCli(data, ['conversions', 'import', file, '--map', map, '--brand', 'nova-spins', '--dry-run'])
    expect(dry.code, dry.err).toBe(0)
    expect(dry.out).toBe("2 rows: 1 matched a click, 1 kept as the brand's unattributed revenue, 0 already counted, 0 changed status, 0 rejected as fraud, 0 invalid.\nNothing has been written yet (a preview): importing would write 2 rows, totalling €150.00.\n")
    expect(runCli(data, ['conversions', 'import', file, '--map', map, '--brand', 'nova-spins']).out).toMatch(/1 matched a click.*\nImported: 2 rows written, totalling €150\.00\.\n$/)
    const again = runCli(data, ['conversions', 'import', file, '--map', map, '--brand', 'nova-spins']).out
    expect(again).toMatch(/^2 rows: 0 matched a click, 0 kept as the brand's unattributed revenue, 2 already counted/)
    expect(again).toMatch(/\nNothing changed: every row was already counted\.\n$/)
    expect(again).not.toMatch(/Written/)
    const unknownField = runCli(data, ['conversions', 'import', file, '--map', 'clickid=subid'])
    expect(unknownField.code).toBe(1)
    expect(unknownField.err).toMatch(/Unknown field "clickid" in the column map/)
  })

  it('a file with a bad row is refused whole, each row named by line and field, never by validator text', () => {
    const file = join(data, 'bad-programme.csv')
    writeFileSync(file, `subid,event,amount,transaction\n${clickId},FTD,12,ok-9\n${clickId},FTD,twelve,bad-1\n${clickId},Bonus,1,bad-2\n`)
    const r = runCli(data, ['conversions', 'import', file, '--map', 'click_id=subid,goal=event,payout=amount,txn_id=transaction'])
    expect(r.code).toBe(1)
    expect(r.err).toContain('line 3, Payout (column "amount"): "twelve" is not a number: write the amount alone, such as 25 or 25.50\n')
    expect(r.err).toContain('line 4, Goal (column "event"): "Bonus" is not a goal we know')
    expect(r.err).toMatch(/Nothing was imported: fix the rows above and import the file again\.\n$/)
    expect(r.err).not.toMatch(/expected|received|--map|--brand/i)
    const headerOnly = join(data, 'header-only-programme.csv')
    writeFileSync(headerOnly, 'click_id,goal,payout,txn_id\n')
    expect(runCli(data, ['conversions', 'import', headerOnly])).toMatchObject({ code: 1, err: 'error: Nothing to import: the file has a header and no rows\n' })
  })

  it('every import from the command line is on the audit trail: who, the file, rows and totals (a dry run is not)', () => {
    const trail = (action: string) => JSON.parse(runCli(data, ['audit', '--action', action, '--json']).out) as { actor: string; via: string; changes: { field: string; to?: unknown }[] }[]
    const fields = (e: { changes: { field: string; to?: unknown }[] }) => Object.fromEntries(e.changes.map((c) => [c.field, c.to]))
    const conversions = trail('conversions.import')
    // the dry run, the import and the import that changed nothing: two entries, newest first
    expect(conversions.length).toBe(2)
    expect(conversions[0]).toMatchObject({ actor: expect.stringMatching(/^cli:/), via: 'cli' })
    expect(fields(conversions[1]!)).toMatchObject({ file: 'programme.csv', 'rows read': 2, 'rows written': 2, 'total EUR': 150 })
    expect(fields(conversions[0]!)).toMatchObject({ file: 'programme.csv', 'rows read': 2, 'rows written': 0, 'already counted': 2 })
    // the first import and the same file again (the refused files left nothing)
    const [again, rates] = trail('rates.import')
    expect(fields(rates!)).toMatchObject({ file: 'eurofxref-hist.xml', 'rates read': 4, 'rates changed': 4, from: '2026-11-19', to: '2026-11-20' })
    expect(rates).toMatchObject({ via: 'cli', note: 'rates per currency: GBP 2, USD 2' })
    expect(fields(again!)).toMatchObject({ 'rates read': 4, 'rates changed': 0 })
  })

  it('stats pages answers what GET /api/reports/pages answers, as a table, JSON or CSV', async () => {
    const json = JSON.parse(runCli(data, ['--json', 'stats', 'pages', '--from', today, '--to', today]).out)
    const ctx = await createAppContext(loadConfig({ DATA_DIR: data, AUTH_SECRET: CLI_SECRET }))
    expect(json).toEqual(JSON.parse(JSON.stringify(await ctx.services.reports.pages({ from: today, to: today }))))
    await ctx.close()
    expect(json.rows.find((r: { key: string }) => r.key === 'article:rtp-explained').figures).toMatchObject({ clicks: 1, ftds: 1, revenue: 120 })
    const table = runCli(data, ['stats', 'pages', '--from', today, '--to', today]).out
    expect(table).toMatch(/RTP Explained: What Return to Player Really/)
    expect(table).toMatch(/€120\.00/)
    const csv = runCli(data, ['stats', 'placements', '--csv', '--from', today, '--to', today]).out
    expect(csv.split('\n')[0]).toMatch(/^key,label,views,slotViews,clicks/)
    // the slot: no page views (slots have views of their own), no slot view from a beacon, one click
    expect(csv).toMatch(/^article-offers,Article: top offers box,0,1,1,1,1,/m)
  })
})

describe('stats clicks shows suspect clicks apart (issue 24)', () => {
  it('a network past the velocity limit: its extra clicks in the suspect column, a conversion on one of them in susp-conv', async () => {
    const ctx = await createAppContext(loadConfig({ DATA_DIR: data, AUTH_SECRET: CLI_SECRET, CLICK_VELOCITY_LIMIT: '2' }))
    const ids: string[] = []
    for (let i = 0; i < 4; i++) {
      // four people's browsers (four user agents) behind one address: one network
      const r = await ctx.services.tracker.go('luckyforge', { ip: '198.51.100.9', userAgent: `Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36 n${i}`, method: 'GET', device: 'desktop' }, new URLSearchParams())
      ids.push(new URL((r as { location: string }).location).searchParams.get('click_id')!)
    }
    await ctx.close()
    const file = join(data, 'suspect.csv')
    writeFileSync(file, `subid,event,amount,currency,transaction\n${ids[3]},FTD,50,EUR,s-1\n`)
    expect(runCli(data, ['conversions', 'import', file, '--map', 'click_id=subid,goal=event,payout=amount,txn_id=transaction']).code).toBe(0)
    const [row] = JSON.parse(runCli(data, ['--json', 'stats', 'clicks', '--brand', 'luckyforge', '--days', '1']).out)
    expect(row).toMatchObject({ brandId: 'luckyforge', clicks: 4, uniqueClicks: 1, suspectClicks: 2, conversions: 1, suspectConversions: 1 })
    const table = runCli(data, ['stats', 'clicks', '--brand', 'luckyforge', '--days', '1']).out
    expect(table).toMatch(/^day\s+brand\s+clicks\s+unique\s+bots\s+blocked\s+suspect\s+conv\s+susp-conv\s+reg\s+FTD\s+revenue \(EUR\)\s+FTD rate\s+EPC$/m)
    expect(table).toMatch(new RegExp(`^${today}  luckyforge\\s+4\\s+1\\s+0\\s+0\\s+2\\s+1\\s+1\\s+0\\s+1\\s+€50\\.00\\s+25\\.0%\\s+€12\\.50$`, 'm'))
  })
})
