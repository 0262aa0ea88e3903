/**
 * Production entry (`bun run start`): builds the client and server bundles if there are none,
 * opens the store, seeds demo content into an empty one, and serves.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'

process.env.NODE_ENV ||= 'production'
const root = join(import.meta.dir, '..')

const { ConfigError, loadConfig } = await import('./config.ts')
let config: import('./config.ts').Config
try {
  config = loadConfig()
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message)
    process.exit(1)
  }
  throw err
}

if (!existsSync(join(root, 'dist/server/entry.mjs'))) {
  console.log('No production build found: building (vike build)…')
  const build = Bun.spawnSync([process.execPath, 'x', 'vike', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
  if (build.exitCode !== 0) {
    console.error('Build failed; see the output above.')
    process.exit(1)
  }
}

// before anything loads vike/server: a correction to its per-render guard (server/vike-patches.ts)
;(await import('./vike-patches.ts')).applyVikePatches()
const { bootstrap, createAppContext } = await import('./context.ts')
const { createApp } = await import('./app.ts')
const { createVikeRenderer } = await import('./vike-renderer.ts')
const { loadStaticFiles } = await import('./static-files.ts')
const { baseHeaders } = await import('./security-headers.ts')

const ctx = await createAppContext(config)
const { log } = ctx
await bootstrap(ctx, (line) => log.info(line))
// the IP-to-country database before the first visitor, not during their request (about 0.4 s, once)
await ctx.services.ipCountry.load()

const app = createApp({
  log,
  config,
  services: ctx.services,
  store: ctx.store,
  renderCache: ctx.renderCache,
  renderPage: createVikeRenderer(ctx),
  staticFiles: loadStaticFiles(join(root, 'dist/client'), baseHeaders(config)),
})

const server = Bun.serve({ port: config.port, hostname: config.host, fetch: app.fetch })
log.info(
  { store: ctx.store.kind, metrics: ctx.services.metrics.enabled },
  `GameWise is serving http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${server.port}`,
)

// housekeeping every 10 minutes (expired limits and claims); never keeps the process alive
const MAINTENANCE_MS = 10 * 60_000
const maintain = () => ctx.services.maintenance.run().catch((err) => log.error({ err }, 'maintenance failed'))
void maintain()
setInterval(maintain, MAINTENANCE_MS).unref()

// scheduled posts and brand pages go live on time, published once whichever process gets there first
ctx.services.scheduler.start(config.raw.PUBLISH_CHECK_MS)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'stopping: finishing requests, writing queued clicks')
    await server.stop()
    await ctx.close() // flushes the log last
    process.exit(0)
  })
}
