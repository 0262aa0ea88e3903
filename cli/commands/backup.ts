import type { Command } from 'commander'
import { type CliHelpers, CliError, readInput, writePrivateFile } from '../output.ts'

/** `backup` and `restore`: every collection in one private file, and back into an empty store. */
export function registerBackupCommands(program: Command, { withContext, out, example }: CliHelpers) {
  program
    .command('backup <file>')
    .description('every collection the product keeps (posts, brands, media, clicks, conversions, link checks, users, …) in one file, written 0600; password hashes only with --include-secrets')
    .option('--include-secrets', 'include password hashes, so restored accounts can log in (keep the file safe)')
    .addHelpText(
      'after',
      '\nSessions, signing keys, verification tokens and per-installation settings are never backed up: a restored store starts logged out.' +
        example('bun run cli -- backup backup.json', 'bun run cli -- backup full.json --include-secrets'),
    )
    .action(async (file: string, opts: { includeSecrets?: boolean }) => {
      const { backup, skipped } = await withContext(async (ctx) => ({ backup: await ctx.services.backup.create(opts), skipped: ctx.services.backup.notBackedUp() }))
      writePrivateFile(file, `${JSON.stringify(backup, null, 2)}\n`) // users, clicks and maybe password hashes
      const counts = Object.entries(backup.collections).map(([name, records]) => `${records.length} ${name}`)
      console.error(`Backed up ${counts.join(', ')} to ${file}.`)
      console.error(`Left out: ${[...(backup.includesSecrets ? [] : ['account (password hashes; add --include-secrets)']), ...skipped.map((s) => s.name)].join(', ')}.`)
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
      const counts = await withContext((ctx) => ctx.services.backup.restore(bundle))
      out(counts, `Restored ${Object.entries(counts).map(([name, n]) => `${n} ${name}`).join(', ')}.`)
    })
}
