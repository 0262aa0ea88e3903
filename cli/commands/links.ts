import type { Command } from 'commander'
import type { CliHelpers } from '../output.ts'

/** `links check`: every brand's CTA URL, followed and reported. */
export function registerLinksCommands(program: Command, { withContext, out, example }: CliHelpers) {
  const links = program.command('links').description('link health')
  links
    .command('check')
    .description("request every brand's CTA URL (HEAD, then GET), follow redirects, report dead links and changed hosts")
    .option('--concurrency <n>', 'requests at once', (v) => Math.max(1, Math.min(32, Number(v) || 4)), 4)
    .option('--timeout <ms>', 'per request', (v) => Math.max(100, Math.min(60_000, Number(v) || 8_000)), 8_000)
    .addHelpText('after', '\nExits non-zero when a link is dead. The brand admin table shows each brand\'s last result.\nLoopback, private and link-local targets (redirects included) are reported as blocked and never requested, unless LINK_CHECK_ALLOW_PRIVATE=1.' + example('bun run cli -- links check', 'bun run cli -- --json links check --timeout 3000'))
    .action(async (opts: { concurrency: number; timeout: number }) => {
      const results = await withContext((ctx) => ctx.services.links.checkAll({ concurrency: opts.concurrency, timeoutMs: opts.timeout }))
      const dead = results.filter((r) => !r.ok)
      const moved = results.filter((r) => r.ok && r.hostChanged)
      const lines = results.map((r) => `${r.ok ? (r.hostChanged ? 'MOVED' : 'OK   ') : 'DEAD '} ${r._id.padEnd(24)} ${r.url}${r.error ? `  (${r.error})` : ''}${r.hostChanged ? `  → ${r.finalUrl}` : ''}`)
      out(results, [...lines, `${results.length} checked, ${dead.length} dead, ${moved.length} landing on another host.`].join('\n'))
      if (dead.length) process.exitCode = 1
    })
}
