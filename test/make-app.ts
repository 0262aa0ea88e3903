import type { Store } from '../db/port.ts'
import type { Role } from '../lib/roles.ts'
import { createApp } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'
import { createAppContext } from '../server/context.ts'
import { createLogger, type LogDestination } from '../server/logger.ts'
import { openTestStore } from './store.ts'

/**
 * A fresh app on its own store (SQLite in memory; with TEST_STORE=mongodb a database of its own on
 * MONGODB_URI's server: ./store.ts), optionally with the demo content. Logs stay quiet except errors
 * (through console.error) unless `logTo` captures them.
 */
export async function makeTestApp(opts: { seed?: boolean; env?: Record<string, string>; now?: () => Date; logTo?: LogDestination; store?: Store } = {}) {
  const config = loadConfig({ DATA_DIR: ':memory:', SITE_URL: 'http://localhost:3000', NODE_ENV: 'test', SIGNUP_LIMIT_PER_HOUR: '1000', AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789', ...opts.env })
  const log = createLogger(config, { destination: opts.logTo })
  const ctx = await createAppContext(config, { store: opts.store ?? (await openTestStore()), now: opts.now, log })
  // SVG demo images: raster ones cost seconds per app (server/operations/seed.test.ts covers them)
  if (opts.seed !== false) await ctx.services.seed.seedDemo({ rasterImages: false })
  const app = createApp({ log, config, services: ctx.services, store: ctx.store, renderCache: ctx.renderCache })
  return { app, ctx }
}

export const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

/** Logs a user of the given role in and answers their tokens. */
export async function loginAs(t: Awaited<ReturnType<typeof makeTestApp>>, role: Role, name = `${role}_${Math.random().toString(36).slice(2, 8)}`) {
  await t.ctx.services.users.createUser(name, 'correct horse battery', role)
  return t.ctx.services.users.login(name, 'correct horse battery')
}

/**
 * `send(method, path, body?, auth?)` against the app `app()` answers: a JSON body, and the bearer token `auth`
 * (the suite's own `token()` unless given; null sends none). Getters, so a suite can make its app in beforeAll.
 */
export function jsonSender(app: () => Awaited<ReturnType<typeof makeTestApp>>, token: () => string | null) {
  return (method: string, path: string, body?: unknown, auth: string | null = token()) =>
    app().app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
}

/** Two app contexts over one in-memory SQLite store: a server and the CLI beside it (each with its own caches). */
export async function serverAndCli(env: Record<string, string> = {}) {
  const { SqliteStore } = await import('../db/sqlite/index.ts')
  const store = new SqliteStore(':memory:')
  const config = loadConfig({ DATA_DIR: ':memory:', AUTH_SECRET: 'x'.repeat(40), ...env })
  return { store, server: await createAppContext(config, { store }), cli: await createAppContext(config, { store }) }
}

/** A fresh app and one access token per role asked for, signed in in that order (a suite's usual beforeAll). */
export async function appSignedIn<const R extends readonly Role[]>(opts: Parameters<typeof makeTestApp>[0], roles: R) {
  const t = await makeTestApp(opts)
  const tokens: string[] = []
  for (const role of roles) tokens.push((await loginAs(t, role)).accessToken)
  return { t, tokens: tokens as { [K in keyof R]: string } }
}
