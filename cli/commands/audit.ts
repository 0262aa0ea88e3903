import type { Command } from 'commander'
import { AUDIT_PAGE_MAX, type AuditEntry } from '../../lib/audit.ts'
import { auditQuerySchema } from '../../server/routes/audit.ts'
import { toAuditJson } from '../../server/operations/audit.ts'
import { type CliHelpers, CliError } from '../output.ts'

/** One line an entry: time, actor, action, target, then the changed fields (before → after when short). */
export function auditLine(e: AuditEntry): string {
  const changes = e.changes.map((c) => ('from' in c || 'to' in c ? `${c.field}: ${'from' in c ? `${JSON.stringify(c.from)} → ` : ''}${'to' in c ? JSON.stringify(c.to) : '(removed)'}` : c.field))
  const who = e.ip ? `${e.actor} (${e.ip})` : e.actor
  const what = [changes.join(', '), e.note].filter(Boolean).join('; ')
  return `${e.at.toISOString().replace(/\.\d{3}Z$/, 'Z')}  ${who.padEnd(24)} ${e.action.padEnd(20)} ${e.target}${what ? `  ${what}` : ''}`
}

/** `audit`: the audit log, newest first, with the admin screen's filters (issue 13). */
export function registerAuditCommands(program: Command, { withContext, out, example }: CliHelpers) {
  program
    .command('audit')
    .description('the audit log: who wrote what and when (posts, brands, media, users, settings, info pages, imports of content, conversions and exchange rates, restores), newest first')
    .option('--actor <name>', 'a username, or cli:<os user> for the CLI')
    .option('--target <target>', 'what was written, as <kind>:<id> (post:bankroll-basics, brand:nova-spins, user:alice)')
    .option('--action <action>', 'an action (post.update, conversions.import) or a kind (post, brand, media, user, setting, info-page, import, conversions, rates, backup)')
    .option('--from <date>', 'from this day (YYYY-MM-DD, UTC) or ISO time')
    .option('--to <date>', 'up to the end of this day, or before this ISO time')
    .option('--limit <n>', `at most this many entries (1 to ${AUDIT_PAGE_MAX})`, '50')
    .option('--json', 'machine-readable output (as the global --json)')
    .addHelpText(
      'after',
      '\nEntries are appended by the service that made each write and never edited or deleted. Passwords and\nsecrets are never recorded: only that the field changed.' +
        example('bun run cli -- audit --actor alice --from 2026-01-01', 'bun run cli -- audit --target brand:nova-spins --json'),
    )
    .action(async (opts: { actor?: string; target?: string; action?: string; from?: string; to?: string; limit: string; json?: boolean }) => {
      const parsed = auditQuerySchema.safeParse({ actor: opts.actor, target: opts.target, action: opts.action, from: opts.from, to: opts.to, limit: opts.limit })
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw new CliError(`--${String(issue.path[0] ?? 'limit')} ${issue.message}`)
      }
      const { entries } = await withContext((ctx) => ctx.services.audit.list(parsed.data))
      const text = entries.length ? entries.map(auditLine).join('\n') : 'No audit entries match.'
      if (opts.json) console.log(JSON.stringify(entries.map(toAuditJson), null, 2))
      else out(entries.map(toAuditJson), text)
    })
}
