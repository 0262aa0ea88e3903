import type { Command } from 'commander'
import { countOf, describeCounts } from '../../lib/collection-nouns.ts'
import { exportGivenToRestore } from '../../server/operations/transfer-format.ts'
import { checkOutputPath, type CliHelpers, CliError, readInput, writePrivateFileAtomic } from '../output.ts'

/** `backup` and `restore`: every collection in one private file, and back into an empty store. */
export function registerBackupCommands(program: Command, { withContext, out, example }: CliHelpers) {
  program
    .command('backup <file>')
    .description('every collection the product keeps (posts, brands, media, clicks, conversions, link checks, users, …) in one file, written 0600; password hashes only with --include-secrets')
    .option('--include-secrets', 'include password hashes, so restored accounts can log in (keep the file safe)')
    .option('--force', 'replace FILE if it exists (it is replaced whole, never left half-written)')
    .addHelpText(
      'after',
      '\nSessions, signing keys, verification tokens and per-installation settings are never backed up: a restored store starts logged out.' +
        '\nAn existing FILE is refused unless --force is given; the file is written whole or not at all.' +
        example('bun run cli -- backup backup.json', 'bun run cli -- backup full.json --include-secrets'),
    )
    .action(async (file: string, opts: { includeSecrets?: boolean; force?: boolean }) => {
      checkOutputPath(file, { overwrite: Boolean(opts.force), example: 'backup.json' }) // before the work, not after
      const { backup, skipped } = await withContext(async (ctx) => ({ backup: await ctx.services.backup.create(opts), skipped: ctx.services.backup.notBackedUp() }))
      writePrivateFileAtomic(file, `${JSON.stringify(backup, null, 2)}\n`, { overwrite: Boolean(opts.force) }) // users, clicks and maybe password hashes
      const counts = Object.fromEntries(Object.entries(backup.collections).map(([name, records]) => [name, records.length]))
      console.error(`Backed up ${describeCounts(counts)} to ${file}.`)
      const users = counts.user ?? 0
      if (users && !backup.includesSecrets)
        console.error(`Passwords are not in it: restored, the ${countOf('user', users)} will need a new password each (users set-password), or back up with --include-secrets.`)
      console.error(`Never backed up: sessions and signing keys, settings of this installation, rate limits, click claims and the audit log (${skipped.map((s) => s.name).join(', ')}).`)
    })

  program
    .command('restore <file>')
    .description('restore a backup (version 1 or 2) into an empty store; every record is checked first, and with any invalid one nothing is written')
    .addHelpText(
      'after',
      '\nReads backups of version 1 and 2. Users backed up without --include-secrets come back without passwords and cannot\n' +
        'log in (neither users create nor ADMIN_PASSWORD sets one on an existing user): keep logins with --include-secrets.' +
        example('DATA_DIR=./fresh bun run cli -- restore backup.json'),
    )
    .action(async (file: string) => {
      let bundle: unknown
      try {
        bundle = JSON.parse(readInput(file))
      } catch (err) {
        if (err instanceof CliError) throw err
        throw new CliError(`Malformed JSON in ${file}`)
      }
      const anExport = exportGivenToRestore(bundle, file)
      if (anExport) throw new CliError(anExport)
      const counts = await withContext((ctx) => ctx.services.backup.restore(bundle))
      const users = counts.user ?? 0
      const passwords = counts.account ?? 0
      const signIn = !users
        ? ''
        : passwords >= users
          ? `\nThe ${countOf('user', users)} sign in with the passwords they had.`
          : `\nThe backup held no passwords: the ${countOf('user', users)} cannot sign in until each gets one, e.g. printf '%s' "$PASSWORD" | bun run cli -- users set-password NAME (or ADMIN_USERNAME and ADMIN_PASSWORD at start, for the admin).`
      out(counts, `Restored ${describeCounts(counts)}.${signIn}`)
    })
}
