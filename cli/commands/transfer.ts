import { writeFileSync } from 'node:fs'
import { extname } from 'node:path'
import { type Command, Option } from 'commander'
import { type Kind, type OnConflict, parseExport, toNdjson } from '../../server/operations/transfer.ts'
import { describeCounts } from '../../lib/collection-nouns.ts'
import { type CliHelpers, CliError, listSome, readInput } from '../output.ts'

/** The import report's items ("post a", "brand b", "author c") counted by the collection they go to. */
const countByKind = (items: string[]) => {
  const count = (label: string) => items.filter((i) => i.startsWith(`${label} `)).length
  return { posts: count('post'), brands: count('brand'), authors: count('author') }
}

const kindArg = (v: string): Kind => {
  if (v !== 'posts' && v !== 'brands' && v !== 'authors' && v !== 'all') throw new CliError(`Unknown kind "${v}"; use posts, brands, authors or all`)
  return v
}

/** `export` and `import`: posts, brands and author profiles (with their images) to and from JSON, NDJSON or a CSV of posts. */
export function registerTransferCommands(program: Command, { withContext, out, example }: CliHelpers) {
  program
    .command('export <kind>')
    .description('write posts (with the author profiles they name), brands, authors or all, with the images they use embedded as base64 (one self-contained file)')
    .option('--out <file>', 'write to a file instead of standard output')
    .addOption(new Option('--format <format>', 'json (one document) or ndjson (a record per line)').choices(['json', 'ndjson']).default('json'))
    .addHelpText('after', example('bun run cli -- export all --out content.json', 'bun run cli -- export posts --format ndjson > posts.ndjson', 'bun run cli -- export authors --out authors.json'))
    .action(async (kind: string, opts: { out?: string; format: 'json' | 'ndjson' }) => {
      const bundle = await withContext((ctx) => ctx.services.transfer.export(kindArg(kind)))
      const text = opts.format === 'ndjson' ? toNdjson(bundle) : `${JSON.stringify(bundle, null, 2)}\n`
      if (opts.out) {
        writeFileSync(opts.out, text)
        console.error(`Exported ${describeCounts({ posts: bundle.posts.length, brands: bundle.brands.length, media: bundle.media.length })} to ${opts.out}.`)
      } else process.stdout.write(text)
    })

  program
    .command('import <kind> <file>')
    .description('validate every record with the API\'s schemas, then write them (JSON, NDJSON, or a CSV of posts)')
    .option('--dry-run', 'print what would be created, updated and skipped, and any invalid records; write nothing')
    .addOption(new Option('--on-conflict <policy>', 'when an id already exists').choices(['skip', 'overwrite', 'fail']).default('fail'))
    .option('--skip-invalid', 'write the valid records even when some are invalid')
    .addHelpText(
      'after',
      '\nAn import with any invalid record writes nothing unless --skip-invalid is given.\n' +
        'Interrupting an import (Ctrl-C) leaves the store as it was before: on SQLite and on a MongoDB replica set\n' +
        'the records land in one transaction; on a standalone MongoDB only whole records are ever written.\n' +
        'A CSV of posts needs a header line with title, and may have description, tag, image, position and type (default article).\n' +
        'A post naming an author or reviewer profile (authorId, reviewerId) needs that profile in the file or the store.\n' +
        example('bun run cli -- import all content.json --dry-run', 'bun run cli -- import posts drafts.csv', 'bun run cli -- import brands brands.ndjson --on-conflict overwrite'),
    )
    .action(async (kind: string, file: string, opts: { dryRun?: boolean; onConflict: OnConflict; skipInvalid?: boolean }) => {
      const k = kindArg(kind)
      const ext = extname(file).toLowerCase()
      const format = ext === '.csv' ? 'csv' : ext === '.ndjson' || ext === '.jsonl' ? 'ndjson' : 'json'
      if (format === 'csv' && k !== 'posts') throw new CliError('A CSV file can only hold posts: use import posts FILE.csv')
      const raw = parseExport(readInput(file), format)
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
