/**
 * Dev server (`bun run dev`): Vite's middleware (hot reload) in front of the Hono app; no render cache
 * and no static preloading, so every change shows on reload.
 */
import { createServer } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { createDevMiddleware } from 'vike/server'
import { createApp } from './app.ts'
import { loadConfig } from './config.ts'
import { bootstrap, createAppContext } from './context.ts'
import { createRenderCache } from './render-cache.ts'
import { createVikeRenderer } from './vike-renderer.ts'

const config = loadConfig()
const ctx = await createAppContext(config)
await bootstrap(ctx)

ctx.services.scheduler.start(config.raw.PUBLISH_CHECK_MS) // scheduled items go live on time in dev too

// a cache that keeps nothing: dev always renders fresh
const app = createApp({ log: ctx.log, config, services: ctx.services, store: ctx.store, renderCache: createRenderCache({ maxBytes: 0 }), renderPage: createVikeRenderer(ctx) })

const { devMiddleware } = await createDevMiddleware({ root: new URL('..', import.meta.url).pathname })
const honoListener = getRequestListener(app.fetch)
createServer((req, res) => devMiddleware(req, res, () => honoListener(req, res))).listen(config.port, config.host, () =>
  console.log(`GameWise dev server on http://${config.host}:${config.port} (store: ${ctx.store.kind})`),
)
