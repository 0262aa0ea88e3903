import type { Command } from 'commander'
import { IMPORT_FIELDS, parseFieldMap } from '../../server/attribution/conversion-import.ts'
import { type CliHelpers, readInput } from '../output.ts'

/** `conversions import FILE --map …`: an affiliate programme's CSV report (issue 21). */
export function registerConversionsCommands(program: Command, { withContext, out, example }: CliHelpers) {
  const conversions = program.command('conversions').description("conversions from affiliate programmes' CSV reports")
  conversions
    .command('import <file>')
    .description('record conversions from a CSV: each row checked like a postback and keyed like one (click + goal + transaction), so a postback and its CSV line never count twice; a file with any bad row changes nothing')
    .option('--map <pairs>', `FIELD=COLUMN pairs; FIELD is ${IMPORT_FIELDS.join(', ')} (a field not mapped is read from a column of its own name)`)
    .option('--brand <id>', 'the brand whose revenue rows without a matching click are (else: a brand column)')
    .option('--dry-run', 'show what would be matched, duplicate, unmatched and invalid; write nothing')
    .addHelpText(
      'after',
      '\nMyAffiliates, Income Access, NetRefer and Cellxpert send no postback for revenue share: download their report and import it.\n' +
        'Goals: a code or name (FTD, Deposit, Registration, revshare…). Only the Revenue share (adjustment) goal may be negative.' +
        example(
          'bun run cli -- conversions import report.csv --map click_id=subid,goal=event,payout=amount,currency=currency,date=date,txn_id=transaction --dry-run',
          'bun run cli -- conversions import report.csv --map click_id=subid,goal=event,payout=amount,txn_id=transaction --brand nova-spins',
        ),
    )
    .action(async (file: string, opts: { map?: string; brand?: string; dryRun?: boolean }) => {
      const text = readInput(file)
      const map = parseFieldMap(opts.map)
      const r = await withContext((ctx) => ctx.services.conversionImport.import(text, { map, brand: opts.brand, dryRun: opts.dryRun, file: file.split('/').pop() ?? file }))
      const lines = [
        `${r.rows.toLocaleString('en-GB')} rows: ${r.matched} matched a click, ${r.unattributed} kept as the brand's unattributed revenue, ${r.duplicate} already counted, ${r.updated} changed status, ${r.rejected} rejected as fraud, ${r.invalid.length} invalid.`,
        ...r.invalid.slice(0, 20).map((p) => `line ${p.line}, column ${p.column}: ${p.message}`),
        ...(r.invalid.length > 20 ? [`… and ${r.invalid.length - 20} more`] : []),
        r.written ? 'Written.' : r.invalid.length ? 'Nothing was written: fix the rows above and import again.' : 'Nothing was written (a dry run).',
      ]
      out(r, lines.join('\n'))
      if (r.invalid.length) process.exitCode = 1
    })
}
