import type { Command } from 'commander'
import { type CliHelpers, readInput } from '../output.ts'

/** `rates import FILE`: exchange rates for reports in one currency (issue 21). */
export function registerRatesCommands(program: Command, { withContext, out, example }: CliHelpers) {
  const rates = program.command('rates').description('exchange rates: revenue in the report currency (REPORT_CURRENCY)')
  rates
    .command('import <file>')
    .description("read the European Central Bank's eurofxref XML (daily, 90 days or the whole history) or a CSV of date,currency,rate (units per 1 EUR); a file with any bad line changes nothing")
    .addHelpText(
      'after',
      '\nThe ECB publishes https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.xml (every day since 1999) and eurofxref-daily.xml.\n' +
        'A conversion is converted at its day’s rate, or the nearest earlier day’s; without one it is shown apart, unconverted.' +
        example('bun run cli -- rates import eurofxref-hist.xml', 'bun run cli -- rates import my-rates.csv'),
    )
    .action(async (file: string) => {
      const text = readInput(file)
      const done = await withContext((ctx) => ctx.services.currency.import(text, file.split('/').pop() ?? file))
      out(done, done.message)
    })
  rates
    .command('status')
    .description('when rates were last imported, and the newest day they cover')
    .action(async () => {
      const s = await withContext(async (ctx) => ({ reportCurrency: ctx.services.currency.reportCurrency, ...(await ctx.services.currency.status()) }))
      out(s, s.lastImport ? `Report currency ${s.reportCurrency}. ${s.count.toLocaleString('en-GB')} rates, the newest for ${s.newestDay}; last imported ${s.lastImport.toISOString()}.` : `Report currency ${s.reportCurrency}. No exchange rates yet: bun run cli -- rates import eurofxref-hist.xml`)
    })
}
