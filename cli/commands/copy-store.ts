import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { loadConfig } from '../../server/config.ts'
import { createAppContext } from '../../server/context.ts'
import { createLogger } from '../../server/logger.ts'
import { copyStore } from '../../server/operations/store-copy.ts'
import { type CliHelpers, CliError } from '../output.ts'

const isMongoUri = (v: string) => /^mongodb(\+srv)?:\/\//.test(v)
/** A store as a person names it: its backend and where it is (a URI without its password). */
const describe = (where: { mongodbUri?: string; dataDir: string }) =>
  where.mongodbUri ? `MongoDB ${where.mongodbUri.replace(/\/\/[^@/]*@/, '//…@')}` : `SQLite ${resolve(where.dataDir)}`

/** `copy-store`: the whole store, from the backend the environment names to another (SQLite ↔ MongoDB), checked collection by collection. */
export function registerCopyStoreCommands(program: Command, { withContext, out, example }: CliHelpers) {
  program
    .command('copy-store <target>')
    .description('copy the whole store (DATA_DIR or MONGODB_URI) to another one, SQLite or MongoDB, and check every collection: count and checksum')
    .option('--force', 'replace what the target holds (its collections are emptied first); without it a target with records is refused')
    .addHelpText(
      'after',
      '\nTARGET is a MongoDB URI (mongodb://… or mongodb+srv://…) or a folder for a SQLite store (its gamewise.db; made if missing).\n' +
        'Everything a backup with --include-secrets holds moves, and the audit log; logins, rate limits and settings of this\n' +
        'installation do not (the copy starts logged out). The source is only read. Stop the servers writing to it first,\n' +
        'or what they write meanwhile is missed (and the checksums say so).' +
        example('bun run cli -- copy-store mongodb://db.internal:27017/gamewise', 'MONGODB_URI=mongodb://db.internal:27017/gamewise bun run cli -- copy-store ./data-from-mongo'),
    )
    .action(async (target: string, opts: { force?: boolean }) => {
      const env = process.env
      const toMongo = isMongoUri(target)
      const targetEnv = { ...env, MONGODB_URI: toMongo ? target : '', DATA_DIR: toMongo ? env.DATA_DIR : target }
      const source = loadConfig()
      const into = loadConfig(targetEnv)
      const from = describe(source)
      const to = describe(into)
      if (from === to) throw new CliError(`The target is the store itself (${to}): name another database or folder`)
      if (!toMongo) mkdirSync(target, { recursive: true })
      const report = await withContext(async (ctx) => {
        const copy = await createAppContext(into, { log: createLogger(into, { fd: 2 }) })
        try {
          return await copyStore({ store: ctx.store, registry: ctx.registry, audit: ctx.services.audit }, { store: copy.store, registry: copy.registry, audit: copy.services.audit }, { replace: opts.force, describe: { from, to } })
        } finally {
          await copy.close()
        }
      })
      const width = Math.max(...report.collections.map((c) => c.name.length))
      const lines = [
        `Copied ${from} to ${to}:`,
        ...report.collections.map((c) => `  ${c.name.padEnd(width)}  ${String(c.count).padStart(8)}  sha256 ${c.checksum.slice(0, 16)}  same on both`),
        `Every collection matches: ${report.collections.length} collections, ${report.records.toLocaleString('en-GB')} records. The copy starts logged out: sign in again there.`,
      ]
      out({ from, to, ...report }, lines.join('\n'))
    })
}
