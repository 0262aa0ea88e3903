import { SqliteStore } from '../db/sqlite.ts'
import { createApp } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'
import { createAppContext } from '../server/context.ts'

/** A fresh app on its own in-memory store per test file, optionally with the demo content. */
export async function makeTestApp(opts: { seed?: boolean } = {}) {
  const config = loadConfig({ DATA_DIR: ':memory:', SITE_URL: 'http://localhost:3000', NODE_ENV: 'test' })
  const ctx = await createAppContext(config, { store: new SqliteStore(':memory:') })
  if (opts.seed !== false) await ctx.services.seed.seedDemo()
  const app = createApp({ config, services: ctx.services, store: ctx.store, renderCache: ctx.renderCache })
  return { app, ctx }
}

export const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})
