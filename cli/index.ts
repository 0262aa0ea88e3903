/**
 * Content-ops CLI (`bun run cli -- <command>`). Uses the same composition root, services and
 * validation as the server; the full command set arrives with the content-ops issue.
 */
import { Command } from 'commander'
import { ConfigError, loadConfig } from '../server/config.ts'
import { createAppContext } from '../server/context.ts'

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

try {
  await program.parseAsync(process.argv)
} catch (err) {
  const message = err instanceof ConfigError || (err instanceof Error && err.name === 'AppError') ? err.message : String(err)
  console.error(`error: ${message}`)
  process.exit(1)
}
