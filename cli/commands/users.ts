import type { Command } from 'commander'
import { type Role, roles } from '../../server/accounts/auth.ts'
import { roleDescriptions } from '../../lib/roles.ts'
import { type CliHelpers, CliError } from '../output.ts'

/** Reads a password from standard input (piped, or typed at a prompt), never from an argument. */
async function readPassword(prompt: string): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write(prompt)
  let text = ''
  for await (const chunk of process.stdin) text += chunk
  return text.replace(/\r?\n$/, '')
}

/** "admin, manager, editor or user", from the one list of roles */
const roleChoice = `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]}`
const roleHelp = `\nRoles, most rights first (each has every right of those after it):\n${roles.map((r) => `  ${r.padEnd(8)} ${roleDescriptions[r]}`).join('\n')}\n`

/** `users create | set-role | list`: accounts through better-auth, passwords only from standard input. */
export function registerUsersCommands(program: Command, { withContext, out, example, json }: CliHelpers) {
  const users = program.command('users').description('manage accounts')
  users
    .command('create <username>')
    .description('create an account; the password is read from standard input')
    .requiredOption('--role <role>', roleChoice)
    .addHelpText('after', roleHelp + example("printf '%s' \"$PASSWORD\" | bun run cli -- users create alice --role editor", "printf '%s' \"$PASSWORD\" | bun run cli -- users create mia --role manager"))
    .action(async (username: string, opts: { role: string }) => {
      if (!roles.includes(opts.role as Role)) throw new CliError(`Unknown role "${opts.role}"; use ${roles.join(', ')}`)
      const password = await readPassword('Password: ')
      if (!password) throw new CliError('No password on standard input')
      const user = await withContext((ctx) => ctx.services.users.createUser(username, password, opts.role as Role))
      out(user, `Created ${user.role} "${user.username}".`)
    })
  users
    .command('set-role <username> <role>')
    .description(`change an account's role (${roleChoice}); a demotion logs the account out everywhere`)
    .addHelpText('after', roleHelp + example('bun run cli -- users set-role alice admin', 'bun run cli -- users set-role mia manager'))
    .action(async (username: string, role: string) => {
      await withContext((ctx) => ctx.services.users.setRole(username, role as Role))
      out({ username: username.toLowerCase(), role }, `"${username.toLowerCase()}" is now ${role}.`)
    })
  users
    .command('set-password <username>')
    .description("set an account's password (read from standard input) and log it out everywhere; gives a restored account its first password")
    .addHelpText('after', example("printf '%s' \"$PASSWORD\" | bun run cli -- users set-password alice"))
    .action(async (username: string) => {
      const password = await readPassword('New password: ')
      if (!password) throw new CliError('No password on standard input')
      const done = await withContext(async (ctx) => {
        const found = (await ctx.services.users.accounts()).find((a) => a.username === username.toLowerCase())
        if (!found) throw new CliError(`No user named "${username}"`)
        return ctx.services.users.resetPassword(found.id, password)
      })
      out({ username: done.username }, `"${done.username}" has a new password; every session of theirs is logged out.`)
    })
  users
    .command('list')
    .description('list accounts and their roles')
    .option('--json', 'machine-readable output')
    .addHelpText('after', example('bun run cli -- users list --json'))
    .action(async (opts: { json?: boolean }) => {
      const list = await withContext((ctx) => ctx.services.users.list())
      if (opts.json || json()) console.log(JSON.stringify(list, null, 2))
      else for (const u of list) console.log(`${u.username.padEnd(34)}${u.role}${u.disabled ? '  (disabled)' : ''}`)
    })
}
