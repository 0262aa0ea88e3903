import type { Command } from 'commander'
import { formatAmounts, formatMoney } from '../../lib/format.ts'
import { DEFAULT_REPORT_DAYS, MAX_REPORT_DAYS } from '../../lib/reports.ts'
import { type EarningsReport, SORTS, type SortKey } from '../../lib/earnings.ts'
import { type CliHelpers, CliError } from '../output.ts'

const money = (n: number, currency: string) => formatMoney(n, currency, { style: 'report' })
const pct = (n: number) => `${(n * 100).toFixed(1)}%`

/** An earnings report as a table (the API's rows: views, clicks, CTR, registrations, first deposits, revenue, EPC, RPM). */
function earningsTable(r: EarningsReport): string {
  if (!r.rows.length) return `Nothing counted from ${r.from} to ${r.to}: views, clicks and conversions arrive through the site, postbacks and CSV imports (bun run cli -- conversions import).`
  const head = `${'what'.padEnd(44)}${'views'.padStart(8)}${'clicks'.padStart(8)}${'CTR'.padStart(7)}${'reg'.padStart(6)}${'FTD'.padStart(6)}${`revenue (${r.currency})`.padStart(16)}${'EPC'.padStart(9)}${'RPM'.padStart(9)}`
  const line = (label: string, f: EarningsReport['totals']) =>
    `${label.slice(0, 43).padEnd(44)}${String(f.views).padStart(8)}${String(f.clicks).padStart(8)}${pct(f.ctr).padStart(7)}${String(f.registrations).padStart(6)}${String(f.ftds).padStart(6)}${money(f.revenue, r.currency).padStart(16)}${f.epc.toFixed(2).padStart(9)}${f.rpm.toFixed(2).padStart(9)}`
  const unconverted = Object.entries(r.totals.unconverted).map(([c, v]) => `${c} ${v}`)
  return [
    `${r.from} to ${r.to} (previous period ${r.previousFrom} to ${r.previousTo}), ${r.rows.length} of ${r.total}:`,
    head,
    ...r.rows.map((row) => line(row.label, row.figures)),
    line('Total', r.totals),
    line('Total, previous period', r.previousTotals),
    ...(unconverted.length ? [`Unconverted (no exchange rate for the day; import rates with bun run cli -- rates import): ${unconverted.join(', ')}`] : []),
  ].join('\n')
}

/** `stats clicks` (per brand per day), and the earnings reports of issue 21: `stats pages|placements|brands`. */
export function registerStatsCommands(program: Command, { withContext, out, example, json }: CliHelpers) {
  const stats = program.command('stats').description('reports from the store')
  stats
    .command('clicks')
    .description('per brand per day: clicks, unique clicks, bot, blocked and suspect clicks, conversions (and those on suspect clicks), approved revenue, conversion rate and EPC')
    .option('--brand <id>', 'only this brand')
    .option('--days <n>', 'the last N days, today included', (v) => {
      const n = Number(v)
      if (!Number.isInteger(n) || n < 1 || n > MAX_REPORT_DAYS) throw new CliError(`--days must be a whole number from 1 to ${MAX_REPORT_DAYS}, not "${v}"`)
      return n
    }, DEFAULT_REPORT_DAYS)
    .addHelpText('after', example('bun run cli -- stats clicks --days 7', 'bun run cli -- --json stats clicks --brand nova-spins'))
    .action(async (opts: { brand?: string; days: number }) => {
      const rows = await withContext((ctx) => ctx.services.clicks.stats({ brandId: opts.brand, days: opts.days }))
      const money = (m: Record<string, number>) => formatAmounts(m, ' ')
      // suspect: past the network's velocity limit (issue 24); susp-conv: conversions on suspect clicks
      const head = 'day         brand                 clicks  unique  bots  blocked  suspect  conv  susp-conv  revenue        CR      EPC'
      const text = rows.length
        ? [head, ...rows.map((r) => `${r.day}  ${r.brandId.padEnd(22)}${String(r.clicks).padEnd(8)}${String(r.uniqueClicks).padEnd(8)}${String(r.botClicks).padEnd(6)}${String(r.blockedClicks).padEnd(9)}${String(r.suspectClicks).padEnd(9)}${String(r.conversions).padEnd(6)}${String(r.suspectConversions).padEnd(11)}${money(r.approvedRevenue).padEnd(15)}${`${(r.cr * 100).toFixed(1)}%`.padEnd(8)}${money(r.epc)}`)].join('\n')
        : `No clicks in the last ${opts.days} days.`
      out(rows, text)
    })

  stats
    .command('searches')
    .description('what readers search for (issue 26): the most searched queries of the last N days, or with --no-results those that found nothing — the same as GET /api/search/queries')
    .option('--no-results', 'only queries that found nothing, by how often')
    .option('--days <n>', 'the last N days, today included (1-90)', (v) => {
      const n = Number(v)
      if (!Number.isInteger(n) || n < 1 || n > 90) throw new CliError(`--days must be a whole number from 1 to 90, not "${v}"`)
      return n
    }, 30)
    .option('--limit <n>', 'rows (1-200)', (v) => {
      const n = Number(v)
      if (!Number.isInteger(n) || n < 1 || n > 200) throw new CliError('--limit must be a whole number from 1 to 200')
      return n
    }, 50)
    .option('--json', 'the report as JSON (as the global --json)')
    .addHelpText('after', example('bun run cli -- stats searches --days 7', 'bun run cli -- stats searches --no-results --json'))
    // commander reads --no-results as `results: false`
    .action(async (opts: { results: boolean; days: number; limit: number; json?: boolean }) => {
      const report = await withContext((ctx) => ctx.services.searchQueries.report({ days: opts.days, limit: opts.limit, noResults: opts.results === false }))
      if (json() || opts.json) return console.log(JSON.stringify(report, null, 2))
      if (!report.queries.length) return console.log(report.noResults ? `Every search from ${report.from} to ${report.to} found something.` : `No searches counted from ${report.from} to ${report.to}.`)
      const width = Math.min(60, Math.max(5, ...report.queries.map((q) => q.query.length))) + 2
      console.log(`${report.noResults ? 'Queries that found nothing' : 'Most searched queries'}, ${report.from} to ${report.to}:`)
      console.log(`${'query'.padEnd(width)}${'searches'.padStart(9)}${'found nothing'.padStart(15)}`)
      for (const q of report.queries) console.log(`${q.query.slice(0, width - 2).padEnd(width)}${String(q.searches).padStart(9)}${String(q.noResults).padStart(15)}`)
    })

  const day = (v: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new CliError(`Use YYYY-MM-DD, not "${v}"`)
    return v
  }
  for (const [name, what] of [
    ['pages', 'per page (article, home, brand page, archive…)'],
    ['placements', 'per placement (slot; --by position for each position)'],
    ['brands', 'per brand (--by country or device to break them down)'],
  ] as const) {
    stats
      .command(name)
      .description(`earnings ${what}: views, clicks, CTR, registrations, first deposits, revenue in the report currency, EPC and RPM, with the previous period — the same as GET /api/reports/${name === 'brands' ? 'breakdown' : name}`)
      .option('--from <day>', 'first day (YYYY-MM-DD); default 30 days before --to', day)
      .option('--to <day>', 'last day (YYYY-MM-DD); default today', day)
      .option('--sort <figure>', `sort by ${SORTS.join(', ')}`, (v) => {
        if (!(SORTS as readonly string[]).includes(v)) throw new CliError(`--sort must be one of ${SORTS.join(', ')}`)
        return v
      })
      .option('--limit <n>', 'rows (1-500)', (v) => {
        const n = Number(v)
        if (!Number.isInteger(n) || n < 1 || n > 500) throw new CliError('--limit must be a whole number from 1 to 500')
        return n
      }, 50)
      .option('--by <what>', name === 'placements' ? 'slot or position' : name === 'brands' ? 'brand, country or device' : '(pages only)', undefined)
      .option('--csv', 'the rows as CSV, as ?format=csv answers')
      .addHelpText('after', example(`bun run cli -- stats ${name} --from 2026-09-01 --to 2026-11-30`, `bun run cli -- stats ${name} --csv > ${name}.csv`))
      .action(async (opts: { from?: string; to?: string; sort?: SortKey; limit: number; by?: string; csv?: boolean }) => {
        const q = { from: opts.from, to: opts.to, sort: opts.sort, limit: opts.limit }
        const { report, csv } = await withContext(async (ctx) => {
          const e = ctx.services.earnings
          let report: EarningsReport
          if (name === 'pages') report = await e.pages(q)
          else if (name === 'placements') {
            if (opts.by && opts.by !== 'slot' && opts.by !== 'position') throw new CliError('--by must be slot or position')
            report = await e.placements({ ...q, by: (opts.by as 'slot' | 'position' | undefined) ?? 'slot' })
          } else {
            if (opts.by && !['brand', 'country', 'device'].includes(opts.by)) throw new CliError('--by must be brand, country or device')
            report = await e.breakdown({ ...q, by: (opts.by as 'brand' | 'country' | 'device' | undefined) ?? 'brand' })
          }
          return { report, csv: opts.csv ? e.toCsv(report) : '' }
        })
        if (opts.csv) process.stdout.write(csv)
        else if (json()) console.log(JSON.stringify(report, null, 2))
        else console.log(earningsTable(report))
      })
  }
}
