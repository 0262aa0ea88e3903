/**
 * Content-ops CLI (`bun run cli -- <command>`): the same composition root, services and validation as
 * the server, on the store the environment names (DATA_DIR, or MONGODB_URI). Each command lives in
 * cli/commands/<command>.ts and registers itself here; the shared helpers are in cli/output.ts.
 */
import { Command } from 'commander'
import { ConfigError } from '../server/config.ts'
import { registerAuditCommands } from './commands/audit.ts'
import { registerAuthorsCommands } from './commands/authors.ts'
import { registerBackupCommands } from './commands/backup.ts'
import { registerConversionsCommands } from './commands/conversions.ts'
import { registerCopyStoreCommands } from './commands/copy-store.ts'
import { registerGenerateCommands } from './commands/generate.ts'
import { registerLinksCommands } from './commands/links.ts'
import { registerMarketsCommands } from './commands/markets.ts'
import { registerMediaCommands } from './commands/media.ts'
import { registerOffersCommands } from './commands/offers.ts'
import { registerRatesCommands } from './commands/rates.ts'
import { registerSeedCommands } from './commands/seed.ts'
import { registerStatsCommands } from './commands/stats.ts'
import { registerTransferCommands } from './commands/transfer.ts'
import { registerUsersCommands } from './commands/users.ts'
import { CliError, cliHelpers } from './output.ts'

const program = new Command()
  .name('gamewise')
  .description('Content operations for GameWise, on the store the environment names (DATA_DIR or MONGODB_URI).')
  .option('--json', 'machine-readable output where it makes sense')
  .showHelpAfterError()
const helpers = cliHelpers(program)

// the order here is the order of `--help`
registerTransferCommands(program, helpers)
registerBackupCommands(program, helpers)
registerCopyStoreCommands(program, helpers)
registerGenerateCommands(program, helpers)
registerUsersCommands(program, helpers)
registerAuthorsCommands(program, helpers)
registerMarketsCommands(program, helpers)
registerSeedCommands(program, helpers)
registerStatsCommands(program, helpers)
registerConversionsCommands(program, helpers)
registerRatesCommands(program, helpers)
registerLinksCommands(program, helpers)
registerOffersCommands(program, helpers)
registerMediaCommands(program, helpers)
registerAuditCommands(program, helpers)

// a group of commands named alone (`stats`, `users`) shows what it holds, as --help does: asking is no error
for (const group of program.commands.filter((c) => c.commands.length))
  group.allowExcessArguments().action(() => (group.args.length ? group.error(`error: unknown command '${group.args[0]}'`) : group.help()))

try {
  await program.parseAsync(process.argv)
} catch (err) {
  const known = err instanceof ConfigError || err instanceof CliError || (err instanceof Error && err.name === 'AppError')
  console.error(`error: ${known ? (err as Error).message : String(err)}`)
  process.exit(1)
}
