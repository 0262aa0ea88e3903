/**
 * Content-ops CLI (`bun run cli -- <command>`). Uses the same composition root, services and
 * validation as the server; the full command set arrives with the content-ops issue.
 */
import { Command } from 'commander'
import { ConfigError, loadConfig } from '../server/config.ts'
import { type Role, roles } from '../server/auth.ts'
import { createAppContext } from '../server/context.ts'

class CliError extends Error {}

async function withContext<T>(fn: (ctx: Awaited<ReturnType<typeof createAppContext>>) => Promise<T>) {
  const ctx = await createAppContext(loadConfig())
  try {
    return await fn(ctx)
  } finally {
    await ctx.close()
  }
}

const program = new Command()
  .name('gamewise')
  .description('Content operations for GameWise, on the store the environment names (DATA_DIR or MONGODB_URI).')
  .showHelpAfterError()

const seed = program.command('seed').description('seed content')
seed
  .command('demo')
  .description('seed the demo content into an empty store')
  .option('--force', 'add demo records that are missing even when the store is not empty')
  .addHelpText('after', '\nExample:\n  bun run cli -- seed demo\n  DATA_DIR=/srv/gamewise bun run cli -- seed demo --force')
  .action(async (opts: { force?: boolean }) => {
    const result = await withContext((ctx) => ctx.services.seed.seedDemo({ force: opts.force }))
    console.log(`Seeded ${result.posts} posts and ${result.brands} brand pages.`)
  })

/** Reads a password from standard input (piped, or typed at a prompt), never from an argument. */
async function readPassword(prompt: string): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write(prompt)
  let text = ''
  for await (const chunk of process.stdin) text += chunk
  return text.replace(/\r?\n$/, '')
}

const users = program.command('users').description('manage accounts')
users
  .command('create <username>')
  .description('create an account; the password is read from standard input')
  .requiredOption('--role <role>', 'admin, editor or user')
  .addHelpText('after', "\nExample:\n  printf '%s' \"$PASSWORD\" | bun run cli -- users create alice --role editor")
  .action(async (username: string, opts: { role: string }) => {
    if (!roles.includes(opts.role as Role)) throw new CliError(`Unknown role "${opts.role}"; use ${roles.join(', ')}`)
    const password = await readPassword('Password: ')
    if (!password) throw new CliError('No password on standard input')
    const user = await withContext((ctx) => ctx.services.users.createUser(username, password, opts.role as Role))
    console.log(`Created ${user.role} "${user.username}".`)
  })
users
  .command('set-role <username> <role>')
  .description('change an account\'s role (admin, editor or user); a demotion logs the account out everywhere')
  .addHelpText('after', '\nExample:\n  bun run cli -- users set-role alice admin')
  .action(async (username: string, role: string) => {
    await withContext((ctx) => ctx.services.users.setRole(username, role as Role))
    console.log(`"${username.toLowerCase()}" is now ${role}.`)
  })
users
  .command('list')
  .description('list accounts and their roles')
  .option('--json', 'machine-readable output')
  .action(async (opts: { json?: boolean }) => {
    const list = await withContext((ctx) => ctx.services.users.list())
    if (opts.json) console.log(JSON.stringify(list, null, 2))
    else for (const u of list) console.log(`${u.username.padEnd(34)}${u.role}`)
  })

try {
  await program.parseAsync(process.argv)
} catch (err) {
  const known = err instanceof ConfigError || err instanceof CliError || (err instanceof Error && err.name === 'AppError')
  const message = known ? (err as Error).message : String(err)
  console.error(`error: ${message}`)
  process.exit(1)
}
