import type { Command } from 'commander'
import { DEFAULT_REPORT_DAYS, formatMoney, MAX_REPORT_DAYS } from '../../lib/reports.ts'
import { type CliHelpers, CliError } from '../output.ts'

/** `stats clicks`: the per brand per day click report. */
export function registerStatsCommands(program: Command, { withContext, out, example }: CliHelpers) {
  const stats = program.command('stats').description('reports from the store')
  stats
    .command('clicks')
    .description('per brand per day: clicks, unique clicks, bot clicks, conversions, approved revenue, conversion rate and EPC')
    .option('--brand <id>', 'only this brand')
    .option('--days <n>', 'the last N days, today included', (v) => {
      const n = Number(v)
      if (!Number.isInteger(n) || n < 1 || n > MAX_REPORT_DAYS) throw new CliError(`--days must be a whole number from 1 to ${MAX_REPORT_DAYS}, not "${v}"`)
      return n
    }, DEFAULT_REPORT_DAYS)
    .addHelpText('after', example('bun run cli -- stats clicks --days 7', 'bun run cli -- --json stats clicks --brand nova-spins'))
    .action(async (opts: { brand?: string; days: number }) => {
      const rows = await withContext((ctx) => ctx.services.clicks.stats({ brandId: opts.brand, days: opts.days }))
      const money = (m: Record<string, number>) => formatMoney(m, ' ')
      const head = 'day         brand                 clicks  unique  bots  blocked  conv  revenue        CR      EPC'
      const text = rows.length
        ? [head, ...rows.map((r) => `${r.day}  ${r.brandId.padEnd(22)}${String(r.clicks).padEnd(8)}${String(r.uniqueClicks).padEnd(8)}${String(r.botClicks).padEnd(6)}${String(r.blockedClicks).padEnd(9)}${String(r.conversions).padEnd(6)}${money(r.approvedRevenue).padEnd(15)}${`${(r.cr * 100).toFixed(1)}%`.padEnd(8)}${money(r.epc)}`)].join('\n')
        : `No clicks in the last ${opts.days} days.`
      out(rows, text)
    })
}
