import type { Command } from 'commander'
import type { AppContext } from '../../server/context.ts'
import { PRUNE_GRACE_MS } from '../../server/media/service.ts'

type Helpers = {
  withContext: <T>(fn: (ctx: AppContext) => Promise<T>) => Promise<T>
  out: (value: unknown, text: string) => void
  example: (...lines: string[]) => string
}

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`)

/** `media prune [--dry-run]`: removes the media library items nothing uses (issue 13). */
export function registerMediaCommands(program: Command, { withContext, out, example }: Helpers) {
  const media = program.command('media').description('the media library')
  media
    .command('prune')
    .description('remove the images nothing uses (posts, brands, info pages, site settings), with all their files')
    .option('--dry-run', 'list what would be removed; remove nothing')
    .option('--json', 'machine-readable output (as the global --json)')
    .addHelpText(
      'after',
      `\nAn image counts as used when any post (lead image or anywhere in its text), brand, info page or site setting\n` +
        `holds its /media/ URL. Images uploaded or reused in the last ${PRUNE_GRACE_MS / 60_000} minutes are kept (a save may be about to use them).\n` +
        `Variants whose original is gone are removed too. Take a backup first if in doubt.` +
        example('bun run cli -- media prune --dry-run', 'bun run cli -- --json media prune'),
    )
    .action(async (opts: { dryRun?: boolean; json?: boolean }) => {
      const report = await withContext((ctx) => ctx.services.mediaLibrary.prune({ dryRun: Boolean(opts.dryRun) }))
      const verb = report.dryRun ? 'Would remove' : 'Removed'
      const lines = [
        ...report.removed.map((r) => `${report.dryRun ? 'would remove' : 'removed'} ${r.id}  ${kb(r.size)}${r.files > 1 ? `  (${r.files} files)` : ''}${r.reason === 'orphan-variant' ? '  (variant of a missing image)' : ''}`),
        `${verb} ${report.removed.length} image(s), ${kb(report.bytes)}; kept ${report.kept} in use and ${report.recent} uploaded in the last ${PRUNE_GRACE_MS / 60_000} minutes.`,
      ]
      if (opts.json) console.log(JSON.stringify(report, null, 2))
      else out(report, lines.join('\n'))
    })
}
