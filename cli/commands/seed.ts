import type { Command } from 'commander'
import type { CliHelpers } from '../output.ts'

/** `seed demo`: the demo content. */
export function registerSeedCommands(program: Command, { withContext, out, example }: CliHelpers) {
  const seed = program.command('seed').description('seed content')
  seed
    .command('demo')
    .description('seed the demo content into an empty store')
    .option('--force', 'add demo records that are missing even when the store is not empty')
    .option('--svg-images', 'keep the demo covers and banners as their SVGs (fast) instead of raster uploads with renditions')
    .addHelpText('after', example('bun run cli -- seed demo', 'DATA_DIR=/srv/gamewise bun run cli -- seed demo --force'))
    .action(async (opts: { force?: boolean; svgImages?: boolean }) => {
      const result = await withContext((ctx) => ctx.services.seed.seedDemo({ force: opts.force, rasterImages: !opts.svgImages }))
      out(result, `Seeded ${result.posts} posts, ${result.brands} brand pages and ${result.authors} authors.`)
    })
}
