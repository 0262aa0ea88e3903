import type { Command } from 'commander'
import { authorPath } from '../../lib/authors.ts'
import { addListCommand, type CliHelpers } from '../output.ts'

/**
 * `authors list`: the author profiles (issue 22) with their pages and how many posts name each. Profiles
 * move with `export authors` / `import authors` and with every backup; they are written in the admin.
 */
export function registerAuthorsCommands(program: Command, helpers: CliHelpers) {
  const authors = program.command('authors').description('author profiles (written in the admin; exported, imported and backed up with the content)')
  addListCommand(authors, helpers, {
    description: 'list author profiles: id, page, name, and how many posts name each as author and reviewer',
    examples: ['bun run cli -- authors list', 'bun run cli -- --json authors list'],
    list: (ctx) => ctx.services.authors.list(),
    line: (a) => `${a._id.padEnd(26)}${authorPath(a.slug).padEnd(34)}${a.name.padEnd(28)}author of ${a.usage.authored}, reviewer of ${a.usage.reviewed}`,
    empty: 'No author profiles yet: an admin adds them in /admin (Authors).',
  })
}
