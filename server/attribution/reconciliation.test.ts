import { Command } from 'commander'
import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { registerStatsCommands } from '../../cli/commands/stats.ts'
import { COUNTS, type Figures } from '../../lib/figures.ts'
import type { Report } from '../../lib/reports.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { testBackend } from '../../test/store.ts'

/**
 * Every figure reconciles (issue 35). Random ledgers — page and offer-slot views, clicks of people and bots
 * from several networks, countries and devices, on brands some countries may not see, first deposits,
 * registrations, deposits, revenue-share adjustments and clawbacks (a conversion rejected later) in three
 * currencies, exchange rates imported before and after, time passing across hours and days — are played
 * through the HTTP API. The test works out every figure on its own (the counting rules, written again
 * here: once per network per page per hour…), then checks that every report (pages, placements by slot,
 * position and page × slot, breakdowns by market, country, device and brand, brands, daily) agrees to the
 * unit and to the cent, that every total is the sum of its rows, that CTR ≤ 100 % and each conversion rate
 * is its goal over clicks — right after each write (kept sums are on, as in production), and at the end
 * through the CSV and the CLI too. RECONCILE_RUNS sets how many ledgers (1,000 in CI).
 */
const RUNS = Number(process.env.RECONCILE_RUNS ?? 1000)
const SECRET = 'reconciliation-postback-secret'
const HOUR = 3_600_000
const DAY_MS = 86_400_000

const BEGIN = Date.parse('2027-03-01T00:00:00Z')
let clock = BEGIN
const t = await makeTestApp({
  env: { TRUST_PROXY: '1', GEO_HEADER: 'cf-ipcountry', GEO_DB: '0', POSTBACK_SECRET: SECRET, REPORT_CURRENCY: 'EUR', CLICK_VELOCITY_LIMIT: '100000', VIEW_VELOCITY_LIMIT: '100000', REPORT_CACHE_ROWS: '250000' },
  now: () => new Date(clock),
})
const editor = (await loginAs(t, 'editor')).accessToken

// ---------- the world a ledger plays in ----------

/** Brands and the countries that may see them (the demo's geo rules: server/demo/brands.ts). */
const BRANDS: Record<string, (country: string | null) => boolean> = {
  'nova-spins': () => true,
  luckyforge: () => true,
  'albion-casino': (c) => c === 'GB',
  'northstar-casino': (c) => c !== null && c !== 'US' && c !== 'FR',
}
const PAGES = ['article:rtp-explained', 'article:wagering-requirements', 'home:', 'brand:nova-spins', 'brand:albion-casino']
const MARKETS = ['', 'uk', 'ca-on', 'de']
const SLOTS = ['article-offers', 'comparison-table', 'brand-cta', 'brand-mobile-bar', 'home-offers']
const COUNTRIES = ['GB', 'US', 'DE', 'FR', null]
const DEVICES = { mobile: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1', desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' } as const
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)'
const CURRENCIES = ['EUR', 'GBP', 'USD']
const GOALS = { FTD: 'ftds', Deposit: 'deposits', Registration: 'registrations', revshare: null } as const
type Goal = keyof typeof GOALS
type Status = 'approved' | 'pending' | 'rejected'

type Event =
  | { kind: 'view'; page: number; market: number; net: number; bot: boolean; slots: number[] }
  | { kind: 'click'; brand: string; page: number; market: number; slot: number; pos: number; net: number; bot: boolean; country: number; device: keyof typeof DEVICES }
  | { kind: 'conversion'; click: number; goal: Goal; cents: number; currency: string; status: Status }
  | { kind: 'status'; conversion: number; status: Status }
  | { kind: 'rate'; currency: string; dayOffset: number; perEur: number }
  | { kind: 'wait'; minutes: number }

const event: fc.Arbitrary<Event> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('view' as const), page: fc.nat(PAGES.length - 1), market: fc.nat(MARKETS.length - 1), net: fc.nat(3), bot: fc.boolean(), slots: fc.uniqueArray(fc.nat(SLOTS.length - 1), { maxLength: 3 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('click' as const), brand: fc.constantFrom(...Object.keys(BRANDS)), page: fc.nat(PAGES.length - 1), market: fc.nat(MARKETS.length - 1), slot: fc.nat(SLOTS.length - 1), pos: fc.integer({ min: 1, max: 3 }), net: fc.nat(3), bot: fc.boolean(), country: fc.nat(COUNTRIES.length - 1), device: fc.constantFrom('mobile' as const, 'desktop' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('conversion' as const), click: fc.nat(), goal: fc.constantFrom<Goal>('FTD', 'Deposit', 'Registration', 'revshare'), cents: fc.integer({ min: -5_000, max: 50_000 }), currency: fc.constantFrom(...CURRENCIES), status: fc.constantFrom<Status>('approved', 'approved', 'pending', 'rejected') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('status' as const), conversion: fc.nat(), status: fc.constantFrom<Status>('approved', 'pending', 'rejected') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rate' as const), currency: fc.constantFrom('GBP', 'USD'), dayOffset: fc.integer({ min: -1, max: 3 }), perEur: fc.double({ min: 0.5, max: 200, noNaN: true }).map((x) => Math.round(x * 10_000) / 10_000) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 1_500 }) }) },
)

// ---------- the figures, worked out here ----------

type Counts = Record<(typeof COUNTS)[number], number>
type Row = Counts & { money: Record<string, { day: string; amount: number }[]> }
const emptyRow = (): Row => ({ ...(Object.fromEntries(COUNTS.map((c) => [c, 0])) as Counts), money: {} })
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const hourOf = (ms: number) => Math.floor(ms / HOUR)

/** Every rate imported so far (they are global: a ledger's nearest earlier rate may be an earlier ledger's). */
const rates = new Map<string, Map<string, number>>()
function rateOn(currency: string, day: string): number | null {
  if (currency === 'EUR') return 1
  let found: { day: string; r: number } | null = null
  for (const [d, r] of rates.get(currency) ?? []) if (d <= day && (!found || d > found.day)) found = { day: d, r }
  return found?.r ?? null
}

class Model {
  rows = new Map<string, Map<string, Row>>() // dimension → key → row
  byDay = new Map<string, Row>() // the site, per day
  claims = new Set<string>()
  clicks: { id: string; day: string; dims: [string, string][]; ok: boolean }[] = []
  conversions: { click: number; goal: Goal; amount: number; currency: string; status: Status; txn: string }[] = []

  private row(dim: string, key: string) {
    const m = this.rows.get(dim) ?? this.rows.set(dim, new Map()).get(dim)!
    return m.get(key) ?? m.set(key, emptyRow()).get(key)!
  }
  private day(day: string) {
    return this.byDay.get(day) ?? this.byDay.set(day, emptyRow()).get(day)!
  }
  /** `add` to every (dimension, key) listed and to the site's day. */
  add(dims: [string, string][], day: string, f: (r: Row) => void) {
    for (const [dim, key] of dims) f(this.row(dim, key))
    f(this.day(day))
  }
  claim(key: string) {
    if (this.claims.has(key)) return false
    this.claims.add(key)
    return true
  }
}

const pageKeyOf = (market: string, page: string) => `${market ? `${market}/` : ''}${page}`

/** Plays one event through the API and into the model. */
async function play(e: Event, m: Model, ledger: number, start: number) {
  const ip = (net: number) => `198.51.${ledger % 200}.${net + 1}`
  const headers = (net: number, ua: string, country: string | null) => ({ 'x-forwarded-for': ip(net), 'user-agent': ua, ...(country ? { 'cf-ipcountry': country } : {}) })
  const now = clock
  const day = utcDay(now)
  const hour = hourOf(now)
  if (e.kind === 'wait') {
    // a ledger stays on its own days: at most three days and twenty hours after it began
    clock = Math.min(clock + e.minutes * 60_000, start + 3 * DAY_MS + 20 * HOUR)
    return false
  }
  if (e.kind === 'view') {
    const market = MARKETS[e.market]!
    const page = pageKeyOf(market, PAGES[e.page]!)
    const slots = e.slots.map((s) => SLOTS[s]!)
    const res = await t.app.request('/api/track/view', { method: 'POST', headers: { ...headers(e.net, e.bot ? BOT : DEVICES.desktop, null), 'content-type': 'application/json' }, body: JSON.stringify({ page, slots }) })
    expect(res.status).toBe(204)
    if (e.bot) return true
    const where: [string, string][] = [['site', ''], ['market', market], ['page', page]]
    if (m.claim(`view|${page}|${e.net}|${hour}`)) m.add(where, day, (r) => r.views++)
    for (const slot of slots) if (m.claim(`sview|${page}|${slot}|${e.net}|${hour}`)) m.add([...where, ['slot', slot], ['pageslot', `${page}|${slot}`]], day, (r) => r.slotViews++)
    return true
  }
  if (e.kind === 'click') {
    const market = MARKETS[e.market]!
    const page = pageKeyOf(market, PAGES[e.page]!)
    const slot = SLOTS[e.slot]!
    const country = COUNTRIES[e.country]!
    const res = await t.app.request(`/go/${e.brand}?${new URLSearchParams({ from: page, slot, pos: String(e.pos) })}`, { headers: headers(e.net, e.bot ? BOT : DEVICES[e.device], country) })
    const blocked = !BRANDS[e.brand]!(country)
    expect(res.status, `${e.brand} from ${country}`).toBe(blocked ? 451 : 302)
    await t.ctx.services.tracker.flush()
    const device = e.bot ? 'desktop' : e.device
    const dims: [string, string][] = [['site', ''], ['market', market], ['page', page], ['slot', slot], ['pageslot', `${page}|${slot}`], ['position', `${slot}#${e.pos}`], ['bcd', `${e.brand}|${country ?? 'unknown'}|${device}`]]
    const id = blocked ? '' : new URL(res.headers.get('location')!).searchParams.get('click_id')!
    m.clicks.push({ id, day, dims, ok: !blocked })
    if (e.bot) m.add(dims, day, (r) => r.botClicks++)
    else if (blocked) m.add(dims, day, (r) => r.blockedClicks++)
    else {
      const unique = m.claim(`click|${e.brand}|${e.net}|${hour}`)
      m.add(dims, day, (r) => {
        r.clicks++
        if (unique) r.uniqueClicks++
      })
      if (m.claim(`sclick|${page}|${slot}|${e.net}|${hour}`)) {
        const view = m.claim(`sview|${page}|${slot}|${e.net}|${hour}`)
        m.add(dims.slice(0, 5), day, (r) => {
          r.slotClicks++
          if (view) r.slotViews++
        })
      }
    }
    return true
  }
  if (e.kind === 'rate') {
    const rateDay = utcDay(start + e.dayOffset * DAY_MS)
    const imported = await t.ctx.services.currency.import(`date,currency,rate\n${rateDay},${e.currency},${e.perEur}\n`, 'rates.csv')
    expect(imported.rates).toBe(1)
    const list = rates.get(e.currency) ?? rates.set(e.currency, new Map()).get(e.currency)!
    list.set(rateDay, e.perEur)
    return true
  }
  if (e.kind === 'conversion') {
    const sent = m.clicks.filter((c) => c.ok)
    if (!sent.length) return false
    const clickIndex = e.click % sent.length
    const click = sent[clickIndex]!
    // only a revenue share adjustment may be negative (a clawback)
    const amount = (e.goal === 'revshare' ? e.cents : Math.abs(e.cents)) / 100
    const txn = `t${ledger}-${m.conversions.length}`
    const res = await t.app.request(`/api/postback?${new URLSearchParams({ key: SECRET, click_id: click.id, goal: e.goal, payout: String(amount), currency: e.currency, txn_id: txn, status: e.status })}`)
    expect(res.status, await res.clone().text()).toBe(201)
    m.conversions.push({ click: m.clicks.indexOf(click), goal: e.goal, amount, currency: e.currency, status: e.status, txn })
    return true
  }
  // a later postback of the same conversion with another status: pending → approved, approved → rejected (a clawback)
  if (!m.conversions.length) return false
  const c = m.conversions[e.conversion % m.conversions.length]!
  const click = m.clicks[c.click]!
  const res = await t.app.request(`/api/postback?${new URLSearchParams({ key: SECRET, click_id: click.id, goal: c.goal, payout: String(c.amount), currency: c.currency, txn_id: c.txn, status: e.status })}`)
  expect([200, 201]).toContain(res.status)
  c.status = e.status
  return true
}

/** The conversions' counts and money, as they stand (a status change moves them): added to a copy of the model's rows. */
function withConversions(m: Model) {
  const rows = new Map([...m.rows].map(([dim, keys]) => [dim, new Map([...keys].map(([k, r]) => [k, { ...r, money: { ...r.money } }]))]))
  const byDay = new Map([...m.byDay].map(([d, r]) => [d, { ...r, money: { ...r.money } }]))
  const at = (dim: string, key: string) => {
    const keys = rows.get(dim) ?? rows.set(dim, new Map()).get(dim)!
    return keys.get(key) ?? keys.set(key, emptyRow()).get(key)!
  }
  for (const c of m.conversions) {
    if (c.status === 'rejected') continue
    const click = m.clicks[c.click]!
    const goal = GOALS[c.goal]
    const targets = [...click.dims.map(([dim, key]) => at(dim, key)), byDay.get(click.day) ?? byDay.set(click.day, emptyRow()).get(click.day)!]
    for (const r of targets) {
      r.conversions++
      if (goal) r[goal]++
      if (c.status === 'approved' && c.amount !== 0) (r.money[c.currency] = [...(r.money[c.currency] ?? []), { day: click.day, amount: c.amount }])
    }
  }
  return { rows, byDay }
}

/** A row's revenue in EUR (unrounded) and what no rate converts, per currency. */
function moneyOf(r: Row) {
  let revenue = 0
  const unconverted: Record<string, number> = {}
  for (const [currency, list] of Object.entries(r.money)) {
    for (const { day, amount } of list) {
      const rate = rateOn(currency, day)
      if (rate === null) unconverted[currency] = (unconverted[currency] ?? 0) + amount
      else revenue += amount / rate
    }
  }
  return { revenue, unconverted: Object.fromEntries(Object.entries(unconverted).filter(([, v]) => Math.abs(v) > 1e-9)) }
}

const close = (a: number, b: number, within: number) => Math.abs(a - b) <= within

/** A report against the model's rows: every count to the unit, money to the cent, totals the sum of the rows, ratios by definition. */
function check(report: Report, expected: Map<string, Row>, what: string) {
  const seen = new Set<string>()
  let cents = 0
  for (const row of report.rows) {
    seen.add(row.key)
    const want = expected.get(row.key) ?? emptyRow()
    checkFigures(row.figures, want, `${what} ${row.key}`)
    cents += Math.round(row.figures.revenue * 100)
  }
  for (const [key, r] of expected) {
    const anything = COUNTS.some((c) => r[c] !== 0) || Object.keys(r.money).length > 0
    if (anything) expect(seen.has(key), `${what}: ${key} missing`).toBe(true)
  }
  // the totals line is the sum of its rows, to the cent
  expect(report.total, what).toBe(report.rows.length)
  expect(Math.round(report.totals.revenue * 100), `${what} total revenue`).toBe(cents)
  const all = emptyRow()
  for (const r of expected.values()) {
    for (const c of COUNTS) all[c] += r[c]
    for (const [cur, list] of Object.entries(r.money)) all.money[cur] = [...(all.money[cur] ?? []), ...list]
  }
  for (const c of COUNTS) expect(report.totals[c], `${what} total ${c}`).toBe(expected.size ? all[c] : 0)
  expect(close(report.totals.revenue, moneyOf(all).revenue, 0.005 + 1e-3), `${what} total ${report.totals.revenue} vs ${moneyOf(all).revenue}`).toBe(true)
}

function checkFigures(f: Figures, want: Row, what: string) {
  for (const c of COUNTS) expect(f[c], `${what} ${c}`).toBe(want[c])
  const money = moneyOf(want)
  expect(close(f.revenue, money.revenue, 0.01 + 1e-3), `${what} revenue ${f.revenue} vs ${money.revenue}`).toBe(true)
  expect(Object.keys(f.unconverted).sort(), `${what} unconverted`).toEqual(Object.keys(money.unconverted).sort())
  for (const [c, v] of Object.entries(money.unconverted)) expect(close(f.unconverted[c]!, v, 1e-4), `${what} unconverted ${c}`).toBe(true)
  // each ratio is its definition: never a sum of unlike goals, CTR over views of the same slots
  expect(f.ctr, `${what} ctr`).toBeLessThanOrEqual(1)
  expect(f.ctr).toBeCloseTo(f.slotViews ? f.slotClicks / f.slotViews : 0, 3)
  expect(f.crFtds).toBeCloseTo(f.clicks ? f.ftds / f.clicks : 0, 3)
  expect(f.crRegistrations).toBeCloseTo(f.clicks ? f.registrations / f.clicks : 0, 3)
  expect(f.crDeposits).toBeCloseTo(f.clicks ? f.deposits / f.clicks : 0, 3)
  expect(f.epc).toBeCloseTo(f.clicks ? f.revenue / f.clicks : 0, 3)
  expect(f.rpm).toBeCloseTo(f.views ? (f.revenue / f.views) * 1000 : 0, 1)
}

const get = async <T,>(path: string): Promise<T> => {
  const res = await t.app.request(path, { headers: { authorization: `Bearer ${editor}` } })
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
  return res.json() as Promise<T>
}

/** Regrouped model rows: the brand × country × device rows by one of their parts. */
function regroup(rows: Map<string, Row> | undefined, part: number) {
  const out = new Map<string, Row>()
  for (const [key, r] of rows ?? []) {
    const k = key.split('|')[part]!
    const into = out.get(k) ?? out.set(k, emptyRow()).get(k)!
    for (const c of COUNTS) into[c] += r[c]
    for (const [cur, list] of Object.entries(r.money)) into.money[cur] = [...(into.money[cur] ?? []), ...list]
  }
  return out
}

/** Every report of a range against the model. `full`: all of them; otherwise the daily figures and one table. */
async function reconcile(m: Model, range: { from: string; to: string }, full: boolean, pick = 0) {
  const { rows, byDay } = withConversions(m)
  const q = `from=${range.from}&to=${range.to}&limit=500`
  const reports: [string, () => Map<string, Row>][] = [
    ['/api/reports/pages', () => rows.get('page') ?? new Map()],
    ['/api/reports/placements?by=slot', () => rows.get('slot') ?? new Map()],
    ['/api/reports/placements?by=position', () => rows.get('position') ?? new Map()],
    ['/api/reports/placements?by=page-slot', () => rows.get('pageslot') ?? new Map()],
    ['/api/reports/breakdown?by=market', () => rows.get('market') ?? new Map()],
    ['/api/reports/breakdown?by=country', () => regroup(rows.get('bcd'), 1)],
    ['/api/reports/breakdown?by=device', () => regroup(rows.get('bcd'), 2)],
    ['/api/reports/breakdown?by=brand', () => regroup(rows.get('bcd'), 0)],
  ]
  const daily = await get<{ days: ({ day: string } & Figures)[]; totals: Figures }>(`/api/reports/daily?from=${range.from}&to=${range.to}`)
  let cents = 0
  for (const d of daily.days) {
    checkFigures(d, byDay.get(d.day) ?? emptyRow(), `daily ${d.day}`)
    cents += Math.round(d.revenue * 100)
  }
  expect(Math.round(daily.totals.revenue * 100), 'daily total').toBe(cents)
  for (const [path, expected] of full ? reports : [reports[pick % reports.length]!]) {
    const report = await get<Report>(`${path}${path.includes('?') ? '&' : '?'}${q}`)
    check(report, expected(), path)
    // the same total on every screen: each report's total revenue is the daily chart's
    expect(report.totals.revenue, `${path} total vs daily`).toBe(daily.totals.revenue)
  }
  if (!full) return
  // the brands report: every brand (none counted too), its page views from its brand pages in every market
  const brands = await get<Report>(`/api/reports/brands?${q}`)
  const byBrand = regroup(rows.get('bcd'), 0)
  for (const [key, r] of rows.get('page') ?? []) {
    const brand = /(?:^|\/)brand:(.+)$/.exec(key)?.[1]
    if (brand) (byBrand.get(brand) ?? byBrand.set(brand, emptyRow()).get(brand)!).views += r.views
  }
  for (const row of brands.rows) checkFigures(row.figures, byBrand.get(row.key) ?? emptyRow(), `brands ${row.key}`)
  expect(brands.totals.revenue).toBe(daily.totals.revenue)
  // the CSV: the same rows, and its Total line is the JSON's totals
  const csvRes = await t.app.request(`/api/reports/pages?${q}&format=csv`, { headers: { authorization: `Bearer ${editor}` } })
  const lines = parse(await csvRes.text(), { columns: true }) as Record<string, string>[]
  const pages = await get<Report>(`/api/reports/pages?${q}`)
  expect(lines.length).toBe(pages.rows.length + 1)
  const total = lines.at(-1)!
  expect(total.label).toBe('Total')
  for (const c of ['views', 'clicks', 'ftds', 'revenue'] as const) expect(Number(total[c]), `csv total ${c}`).toBe(pages.totals[c])
  // the CLI: `stats pages --json` answers the API's report, `stats placements` prints its totals to the cent
  expect(JSON.parse(await cli(['--json', 'stats', 'pages', '--from', range.from, '--to', range.to, '--limit', '500']))).toEqual(pages)
  const text = await cli(['stats', 'placements', '--from', range.from, '--to', range.to, '--limit', '500'])
  const placements = await get<Report>(`/api/reports/placements?${q}`)
  if (placements.rows.length) expect(text).toContain(new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(placements.totals.revenue))
  else expect(text).toMatch(/^Nothing counted/)
}

/** The CLI's stats commands in this process, on this app's store: what they print. */
async function cli(args: string[]) {
  const printed: string[] = []
  const log = console.log
  console.log = (...a: unknown[]) => printed.push(a.join(' '))
  try {
    const program = new Command().option('--json').exitOverride()
    const json = () => Boolean(program.opts().json)
    registerStatsCommands(program, { withContext: (async (fn: (ctx: typeof t.ctx) => unknown) => fn(t.ctx)) as never, example: () => '', json, out: (v, text) => printed.push(json() ? JSON.stringify(v) : text) })
    await program.parseAsync(args, { from: 'user' })
  } finally {
    console.log = log
  }
  return printed.join('\n')
}

describe('every report reconciles with a ledger worked out independently (issue 35)', () => {
  let ledger = 0
  // SQLite only: on FerretDB 1,000 ledgers ran 15 minutes (a document lock per counter write) and ended on a
  // difference not yet diagnosed (issue 36's note); the MongoDB run keeps the counters' own contract tests
  it.skipIf(testBackend() === 'mongodb')(`holds for ${RUNS} random ledgers, after each write and at the end`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 24 }), async (events) => {
        // each ledger on days of its own, starting late in a day so its events cross midnight
        ledger++
        clock = BEGIN + ledger * 6 * DAY_MS + 22 * HOUR
        const start = clock
        const m = new Model()
        let step = 0
        for (const e of events) {
          if (await play(e, m, ledger, start)) await reconcile(m, { from: utcDay(start - DAY_MS), to: utcDay(start + 4 * DAY_MS) }, false, step++)
        }
        await reconcile(m, { from: utcDay(start - DAY_MS), to: utcDay(start + 4 * DAY_MS) }, true)
      }),
      // FC_SEED=<seed fast-check printed> replays a failing run from its start (a `path` alone does not: each
      // ledger's days follow from how many ran before it)
      { numRuns: RUNS, endOnFailure: true, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    )
  }, 1_800_000)
})

describe('kept sums stay fresh across servers (issue 35)', () => {
  it('a report on one server answers a click, a conversion and a rates import made on another at once', async () => {
    const { SqliteStore } = await import('../../db/sqlite/index.ts')
    const store = new SqliteStore(':memory:')
    let now = Date.parse('2027-01-10T12:00:00Z')
    const env = { POSTBACK_SECRET: SECRET, REPORT_CURRENCY: 'EUR', GEO_DB: '0' }
    const a = await makeTestApp({ store, env, now: () => new Date(now) })
    const b = await makeTestApp({ store, env, now: () => new Date(now), seed: false })
    const token = (await loginAs(b, 'editor')).accessToken
    const day = '2027-01-10'
    const revenue = async () => {
      const res = await b.app.request(`/api/reports/pages?from=${day}&to=${day}`, { headers: { authorization: `Bearer ${token}` } })
      return ((await res.json()) as Report).totals
    }
    expect((await revenue()).clicks).toBe(0) // B keeps these sums
    const go = await a.app.request('/go/nova-spins?from=article:rtp-explained&slot=article-offers&pos=1', { headers: { 'user-agent': DEVICES.desktop } })
    await a.ctx.services.tracker.flush()
    expect((await revenue()).clicks).toBe(1)
    const clickId = new URL(go.headers.get('location')!).searchParams.get('click_id')!
    await a.app.request(`/api/postback?${new URLSearchParams({ key: SECRET, click_id: clickId, goal: 'FTD', payout: '150', currency: 'GBP', txn_id: 'x1' })}`)
    expect(await revenue()).toMatchObject({ ftds: 1, revenue: 0, unconverted: { GBP: 150 } })
    await a.ctx.services.currency.import(`date,currency,rate\n${day},GBP,0.75\n`, 'rates.csv')
    expect(await revenue()).toMatchObject({ ftds: 1, revenue: 200, unconverted: {} })
    now += 1
  })
})
