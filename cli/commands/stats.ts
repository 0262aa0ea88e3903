import type { Command } from 'commander'
import { isCalendarDay } from '../../lib/format.ts'
import { DEFAULT_REPORT_DAYS, MAX_REPORT_DAYS, type Report, SORTS, type SortKey } from '../../lib/reports.ts'
import { type CliHelpers, CliError, textTable } from '../output.ts'

const money = (n: number, currency: string) => new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(n)
const pct = (n: number) => `${(n * 100).toFixed(1)}%`
const num = (n: number) => n.toLocaleString('en-GB')
const unconvertedLine = (u: Record<string, number>) => {
  const list = Object.entries(u).map(([c, v]) => `${c} ${v.toFixed(2)}`)
  return list.length ? [`Not in the totals, no exchange rate for their day: ${list.join(', ')}. Import rates to convert them: bun run cli -- rates import <file>`] : []
}

/** A report as a table (the API's rows: views, slot views and clicks, CTR, clicks, goals and their rates, revenue, EPC, RPM). */
function earningsTable(r: Report): string {
  if (!r.rows.length) return `Nothing counted from ${r.from} to ${r.to}: views, clicks and conversions arrive through the site, postbacks and CSV imports (bun run cli -- conversions import).`
  const head = ['what', 'views', 'clicks', 'CTR', 'reg', 'FTD', 'FTD rate', `revenue (${r.currency})`, 'EPC', 'RPM']
  const cells = (label: string, f: Report['totals']) => [label.slice(0, 60), num(f.views), num(f.clicks), f.slotViews ? pct(f.ctr) : '-', num(f.registrations), num(f.ftds), pct(f.crFtds), money(f.revenue, r.currency), money(f.epc, r.currency), money(f.rpm, r.currency)]
  return [
    `${r.from} to ${r.to} (previous period ${r.previousFrom} to ${r.previousTo}), ${r.rows.length} of ${r.total}:`,
    textTable(head, [...r.rows.map((row) => cells(row.label, row.figures)), cells('Total', r.totals), cells('Total, previous period', r.previousTotals)], new Set([1, 2, 3, 4, 5, 6, 7, 8, 9])),
    ...unconvertedLine(r.totals.unconverted),
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
      const { rows, currency } = await withContext(async (ctx) => ({ rows: await ctx.services.reports.brandDays({ brandId: opts.brand, days: opts.days }), currency: ctx.services.currency.reportCurrency }))
      // suspect: past the network's velocity limit; susp-conv: conversions on suspect clicks
      const head = ['day', 'brand', 'clicks', 'unique', 'bots', 'blocked', 'suspect', 'conv', 'susp-conv', 'reg', 'FTD', `revenue (${currency})`, 'FTD rate', 'EPC']
      const table = rows.map((r) => [r.day, r.brandId, num(r.clicks), num(r.uniqueClicks), num(r.botClicks), num(r.blockedClicks), num(r.suspectClicks), num(r.conversions), num(r.suspectConversions), num(r.registrations), num(r.ftds), money(r.revenue, currency), pct(r.crFtds), money(r.epc, currency)])
      const text = rows.length ? [textTable(head, table, new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])), ...unconvertedLine(rows.reduce((u, r) => { for (const [c, v] of Object.entries(r.unconverted)) u[c] = (u[c] ?? 0) + v; return u }, {} as Record<string, number>))].join('\n') : `No clicks in the last ${opts.days} days.`
      out(rows, text)
    })

  stats
    .command('searches')
    .description('what readers search for (issue 26): the queries most visitors (networks) searched in the last N days, or with --no-results those that found nothing — the same as GET /api/search/queries')
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
      console.log(`${'query'.padEnd(width)}${'visitors'.padStart(9)}${'searches'.padStart(10)}${'found nothing'.padStart(15)}`)
      for (const q of report.queries) console.log(`${q.query.slice(0, width - 2).padEnd(width)}${String(q.visitors).padStart(9)}${String(q.searches).padStart(10)}${String(q.noResults).padStart(15)}`)
    })

  const day = (v: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new CliError(`Use YYYY-MM-DD, not "${v}"`)
    if (!isCalendarDay(v)) throw new CliError(`"${v}" is not a day in the calendar`)
    return v
  }
  for (const [name, what] of [
    ['pages', 'per page (article, home, brand page, archive…)'],
    ['placements', 'per placement (slot; --by position for each position, --by page-slot for each page and slot)'],
    ['brands', 'per brand (--by country, device or market to break them down)'],
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
      .option('--by <what>', name === 'placements' ? 'slot, position or page-slot' : name === 'brands' ? 'brand, country, device or market' : '(pages only)', undefined)
      .option('--csv', 'the rows as CSV, as ?format=csv answers')
      .addHelpText('after', example(`bun run cli -- stats ${name} --from 2026-09-01 --to 2026-11-30`, `bun run cli -- stats ${name} --csv > ${name}.csv`))
      .action(async (opts: { from?: string; to?: string; sort?: SortKey; limit: number; by?: string; csv?: boolean }) => {
        const q = { from: opts.from, to: opts.to, sort: opts.sort, limit: opts.limit }
        const { report, csv } = await withContext(async (ctx) => {
          const e = ctx.services.reports
          let report: Report
          if (name === 'pages') report = await e.pages(q)
          else if (name === 'placements') {
            if (opts.by && !['slot', 'position', 'page-slot'].includes(opts.by)) throw new CliError('--by must be slot, position or page-slot')
            report = await e.placements({ ...q, by: (opts.by as 'slot' | 'position' | 'page-slot' | undefined) ?? 'slot' })
          } else {
            if (opts.by && !['brand', 'country', 'device', 'market'].includes(opts.by)) throw new CliError('--by must be brand, country, device or market')
            report = opts.by && opts.by !== 'brand' ? await e.breakdown({ ...q, by: opts.by as 'country' | 'device' | 'market' }) : await e.brands(q)
          }
          return { report, csv: opts.csv ? e.toCsv(report) : '' }
        })
        if (opts.csv) process.stdout.write(csv)
        else if (json()) console.log(JSON.stringify(report, null, 2))
        else console.log(earningsTable(report))
      })
  }
}
