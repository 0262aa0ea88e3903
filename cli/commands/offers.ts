import type { Command } from 'commander'
import { DUE_DAYS } from '../../lib/offer-lifecycle.ts'
import { CliError, type CliHelpers } from '../output.ts'

/** `offers due`: what editors must look at (issue 22), as GET /api/brands/offers-due and the brand admin say it. */
export function registerOffersCommands(program: Command, { withContext, out, example }: CliHelpers) {
  const offers = program.command('offers').description('offer lifecycle')
  offers
    .command('due')
    .description('offers ending soon, offers that have ended, and brand facts not checked for 90 days or more')
    .option('--days <n>', `offers ending within this many days (1–${DUE_DAYS.max})`, String(DUE_DAYS.default))
    .addHelpText('after', example('bun run cli -- offers due', 'bun run cli -- --json offers due --days 14'))
    .action(async (opts: { days: string }) => {
      const days = Number(opts.days)
      if (!Number.isInteger(days) || days < 1 || days > DUE_DAYS.max) throw new CliError(`--days must be a whole number from 1 to ${DUE_DAYS.max}`)
      const due = await withContext((ctx) => ctx.services.brandAdmin.offersDue(days))
      const lines = [
        `Ending within ${days} days: ${due.ending.length ? '' : 'none'}`,
        ...due.ending.map((o) => `  ${o._id.padEnd(24)} ${o.validUntil.slice(0, 10)}  ${o.daysLeft === 0 ? 'ends today' : `${o.daysLeft} day${o.daysLeft === 1 ? '' : 's'} left`}`),
        `Ended (still on the site, saying so): ${due.ended.length ? '' : 'none'}`,
        ...due.ended.map((o) => `  ${o._id.padEnd(24)} ended ${o.validUntil.slice(0, 10)}`),
        `Facts to check (never, or ${due.staleAfterDays}+ days ago): ${due.stale.length ? '' : 'none'}`,
        ...due.stale.map((o) => `  ${o._id.padEnd(24)} ${o.lastVerified ? `last checked ${o.lastVerified} (${o.daysSince} days)` : 'never checked'}`),
      ]
      out(due, lines.join('\n'))
    })
}
