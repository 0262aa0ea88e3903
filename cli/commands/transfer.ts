import { extname } from 'node:path'
import { type Command, Option } from 'commander'
import { isKind, KINDS, type Kind } from '../../server/operations/transfer-format.ts'
import { type OnConflict, parseExport, toNdjson } from '../../server/operations/transfer.ts'
import { describeCounts } from '../../lib/collection-nouns.ts'
import { checkOutputPath, type CliHelpers, CliError, listSome, readInput, writeFileAtomic } from '../output.ts'

/** The import report's items ("post a", "brand b", "author c") counted by the collection they go to. */
const countByKind = (items: string[]) => {
  const count = (label: string) => items.filter((i) => i.startsWith(`${label} `)).length
  return { posts: count('post'), brands: count('brand'), authors: count('author'), markets: count('market'), revisions: count('revision') }
}

const kindArg = (v: string): Kind => {
  if (!isKind(v)) throw new CliError(`Unknown kind "${v}"; use ${KINDS.slice(0, -1).join(', ')} or all`)
  return v
}

/** `export` and `import`: posts, brands, author profiles and markets (with their revisions and images) to and from JSON, NDJSON or a CSV of posts. */
export function registerTransferCommands(program: Command, { withContext, out, example }: CliHelpers) {
  program
    .command('export <kind>')
    .description('write posts (with the author profiles they name), brands, authors, markets or all, with their revisions and the images they use embedded as base64 (one self-contained file)')
    .option('--out <file>', 'write to a file instead of standard output')
    .option('--force', 'replace the --out file if it exists (it is replaced whole, never left half-written)')
    .addOption(new Option('--format <format>', 'json (one document) or ndjson (a record per line)').choices(['json', 'ndjson']).default('json'))
    .addHelpText('after', example('bun run cli -- export all --out content.json', 'bun run cli -- export posts --format ndjson > posts.ndjson', 'bun run cli -- export markets --out markets.json'))
    .action(async (kind: string, opts: { out?: string; force?: boolean; format: 'json' | 'ndjson' }) => {
      const k = kindArg(kind)
      if (opts.out) checkOutputPath(opts.out, { overwrite: Boolean(opts.force), example: 'content.json' }) // before the work, not after
      const bundle = await withContext((ctx) => ctx.services.transfer.export(k))
      const text = opts.format === 'ndjson' ? toNdjson(bundle) : `${JSON.stringify(bundle, null, 2)}\n`
      if (opts.out) {
        writeFileAtomic(opts.out, text, { overwrite: Boolean(opts.force), example: 'content.json' })
        const counts = { posts: bundle.posts.length, brands: bundle.brands.length, authors: bundle.authors.length, markets: bundle.markets.length, revisions: bundle.revisions.length, media: bundle.media.length }
        console.error(`Exported ${describeCounts(counts)} to ${opts.out}.`)
      } else process.stdout.write(text)
    })

  program
    .command('import <kind> <file>')
    .description("validate every record with the API's schemas, then write them (JSON, NDJSON, or a CSV of posts)")
    .option('--dry-run', 'print what would be created, updated and skipped, and any invalid records; write nothing')
    .addOption(new Option('--on-conflict <policy>', 'when an id already exists').choices(['skip', 'overwrite', 'fail']).default('fail'))
    .option('--skip-invalid', 'write the valid records even when some are invalid')
    .addHelpText(
      'after',
      '\nAn import with any invalid record writes nothing unless --skip-invalid is given.\n' +
        'Interrupting an import (Ctrl-C) leaves the store as it was before: on SQLite and on a MongoDB replica set\n' +
        'the records land in one transaction; on a standalone MongoDB only whole records are ever written.\n' +
        'A file of another kind, or a backup, is refused with the command that takes it.\n' +
        'Hand-written JSON needs only what a person writes (a post its title and content, a brand its fields, an author a name):\n' +
        'a list of records, one record, or {"posts": [...]}; ids and times are made on import.\n' +
        'A CSV of posts needs a header line with title, and may have description, tag, image, position and type (default article).\n' +
        'A post naming an author or reviewer profile (authorId, reviewerId) needs that profile in the file or the store.\n' +
        example('bun run cli -- import all content.json --dry-run', 'bun run cli -- import posts drafts.csv', 'bun run cli -- import brands brands.ndjson --on-conflict overwrite'),
    )
    .action(async (kind: string, file: string, opts: { dryRun?: boolean; onConflict: OnConflict; skipInvalid?: boolean }) => {
      const k = kindArg(kind)
      const ext = extname(file).toLowerCase()
      const format = ext === '.csv' ? 'csv' : ext === '.ndjson' || ext === '.jsonl' ? 'ndjson' : 'json'
      const raw = parseExport(readInput(file), format, k, file)
      const report = await withContext((ctx) => ctx.services.transfer.import(k, raw, opts))
      // "Created 20 articles and 12 brand pages (post a, …)": what, in words, then the first ids
      const said = (verb: string, items: string[]) => `${verb} ${describeCounts(countByKind(items))}${items.length ? ` (${listSome(items)})` : ''}.`
      const lines = [
        said(opts.dryRun ? 'Would create' : 'Created', report.created),
        said(opts.dryRun ? 'Would update' : 'Updated', report.updated),
        said(opts.dryRun ? 'Would skip' : 'Skipped', report.skipped),
        ...report.invalid.map((p) => `invalid ${p.record} ${p.field}: ${p.message}`),
      ]
      out(report, lines.join('\n'))
      if (report.invalid.length && !opts.skipInvalid) {
        console.error(`error: ${report.invalid.length} invalid record field(s); nothing was written. Fix them, or pass --skip-invalid.`)
        process.exitCode = 1
      }
    })
}
