import type { Command } from 'commander'
import { type ConversionsImportReport, conversionsSummary, problemLine } from '../../lib/revenue-imports.ts'
import { IMPORT_FIELDS, parseFieldMap } from '../../server/attribution/conversion-import.ts'
import { CliError, type CliHelpers, readInput } from '../output.ts'

/** The rows to fix, at most 20 of them, as the preview lists them. */
const problems = (r: ConversionsImportReport) => [...r.invalid.slice(0, 20).map(problemLine), ...(r.invalid.length > 20 ? [`… and ${r.invalid.length - 20} more`] : [])]

/** The report of a file refused whole (any bad row), from the service's error; null for any other error. */
function refusedReport(err: unknown): ConversionsImportReport | null {
  const extra = (err as { name?: string; extra?: Partial<ConversionsImportReport> }).extra
  return (err as Error)?.name === 'AppError' && Array.isArray(extra?.invalid) ? (extra as ConversionsImportReport) : null
}

/** `conversions import FILE --map …`: an affiliate programme's CSV report (issue 21). */
export function registerConversionsCommands(program: Command, { withContext, out, example }: CliHelpers) {
  const conversions = program.command('conversions').description("conversions from affiliate programmes' CSV reports")
  conversions
    .command('import <file>')
    .description('record conversions from a CSV: each row checked like a postback and keyed like one (click + goal + transaction), so a postback and its CSV line never count twice; a file with any bad row changes nothing')
    .option('--map <pairs>', `the column map: FIELD=COLUMN pairs; FIELD is ${IMPORT_FIELDS.join(', ')} (a field not mapped is read from a column of its own name)`)
    .option('--brand <id>', 'the brand of revenue no click matched (else: a brand column)')
    .option('--dry-run', 'show what would be matched, duplicate, unmatched and invalid; write nothing')
    .addHelpText(
      'after',
      '\nMyAffiliates, Income Access, NetRefer and Cellxpert send no postback for revenue share: download their report and import it.\n' +
        'Goals: a code or name (FTD or CPA, Registration or CPL, Deposit, Revenue share or rev share…). Only a revenue share adjustment may be negative.' +
        example(
          'bun run cli -- conversions import report.csv --map click_id=subid,goal=event,payout=amount,currency=currency,date=date,txn_id=transaction --dry-run',
          'bun run cli -- conversions import report.csv --map click_id=subid,goal=event,payout=amount,txn_id=transaction --brand nova-spins',
        ),
    )
    .action(async (file: string, opts: { map?: string; brand?: string; dryRun?: boolean }) => {
      const text = readInput(file)
      const map = parseFieldMap(opts.map)
      const r = await withContext((ctx) => ctx.services.conversionImport.import(text, { map, brand: opts.brand, dryRun: opts.dryRun, file: file.split('/').pop() ?? file })).catch((err) => {
        const refused = refusedReport(err)
        if (!refused) throw err
        throw new CliError([conversionsSummary(refused), ...problems(refused), 'Nothing was imported: fix the rows above and import the file again.'].join('\n'))
      })
      out(r, [conversionsSummary(r), ...problems(r), r.message].join('\n'))
      if (r.invalid.length) process.exitCode = 1
    })
}
