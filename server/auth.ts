import { randomBytes } from 'node:crypto'
import { type BetterAuthOptions, betterAuth } from 'better-auth'
import { getMigrations } from 'better-auth/db/migration'
import { bearer, jwt, username } from 'better-auth/plugins'
import type { Store } from '../db/port.ts'
import { parseRole } from '../lib/roles.ts'
import type { Config } from './config.ts'

export const ACCESS_TOKEN_TTL = '15m'
export const SESSION_TTL_SECONDS = 7 * 24 * 3600
export const USERNAME = { min: 3, max: 32, pattern: /^[a-zA-Z0-9_.]+$/ }
export const PASSWORD = { min: 8, max: 128 }
export { type Role, roles } from '../lib/roles.ts'

function buildAuth(config: Config, secret: string, database: BetterAuthOptions['database']) {
  return betterAuth({
    appName: 'GameWise',
    baseURL: config.siteUrl,
    basePath: '/api/auth',
    secret,
    database,
    emailAndPassword: { enabled: true, minPasswordLength: PASSWORD.min, maxPasswordLength: PASSWORD.max },
    session: { expiresIn: SESSION_TTL_SECONDS },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
      },
    },
    // only the spec's wrappers (server/routes/auth.ts) are reachable over HTTP; they rate-limit login
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    plugins: [
      username({
        minUsernameLength: USERNAME.min,
        maxUsernameLength: USERNAME.max,
        usernameValidator: (name: string) => USERNAME.pattern.test(name),
      }),
      bearer(),
      jwt({
        jwt: {
          expirationTime: ACCESS_TOKEN_TTL,
          // sid names the session, so each protected request can check it is still live (server/access.ts);
          // a stored role we do not know goes out as 'user', which has no rights
          definePayload: ({ user, session }) => ({ username: user.username, role: parseRole(user.role ?? 'user') ?? 'user', sid: session.id }),
        },
      }),
    ],
  })
}

/**
 * better-auth on whichever store is active: its tables live in the SQLite file (migrated here at
 * start) or in the MongoDB database. Without AUTH_SECRET a random one is generated once and kept in
 * the store, so sessions survive restarts and no secret ever sits in the repository.
 */
export async function createAuth(config: Config, store: Store) {
  const secret = config.raw.AUTH_SECRET ?? (await storedSecret(store))
  if (store.kind === 'mongodb') {
    const { mongodbAdapter } = await import('better-auth/adapters/mongodb')
    const mongo = store as import('../db/mongo.ts').MongoStore
    const auth = buildAuth(config, secret, mongodbAdapter(mongo.db, { client: mongo.client }))
    await store.ensureIndex('user', { fields: { username: 1 }, unique: true })
    return auth
  }
  const auth = buildAuth(config, secret, (store as import('../db/sqlite.ts').SqliteStore).db)
  const { runMigrations } = await getMigrations(auth.options)
  await runMigrations()
  return auth
}
export type Auth = ReturnType<typeof buildAuth>

async function storedSecret(store: Store): Promise<string> {
  const settings = store.collection<{ _id: string; value: string }>('settings')
  const found = await settings.findOne({ _id: 'auth-secret' })
  if (found) return found.value
  const value = randomBytes(32).toString('base64url')
  await settings.updateOne({ _id: 'auth-secret' }, { $setOnInsert: { value } }, { upsert: true })
  return (await settings.findOne({ _id: 'auth-secret' }))!.value // another process may have won the race
}
