import { type BetterAuthOptions, betterAuth } from 'better-auth'
import { getMigrations } from 'better-auth/db/migration'
import { bearer, jwt, username } from 'better-auth/plugins'
import * as z from 'zod'
import type { Store } from '../../db/port.ts'
import { parseRole, roleSchema } from '../../lib/roles.ts'
import type { CollectionIo, Registry, StoredRecord } from '../../db/registry.ts'
import type { SettingsRepository } from '../../db/repositories/settings.ts'
import type { Config } from '../config.ts'

export const ACCESS_TOKEN_TTL = '15m'
export const SESSION_TTL_SECONDS = 7 * 24 * 3600
// no dot at either end and never two in a row: sign-up gives better-auth the email <name>@users.invalid, which must be an email
export const USERNAME = { min: 3, max: 32, pattern: /^(?!\.)(?!.*\.\.)[a-zA-Z0-9_.]+(?<!\.)$/ }
export const PASSWORD = { min: 8, max: 128 }
export { type Role, roleSchema, roles } from '../../lib/roles.ts'

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
        // an admin switched the account off (Users screen): it cannot log in, and its sessions were revoked
        disabled: { type: 'boolean', required: false, defaultValue: false, input: false },
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
export async function createAuth(config: Config, store: Store, settings: SettingsRepository) {
  const secret = config.raw.AUTH_SECRET ?? (await settings.authSecret())
  if (store.kind === 'mongodb') {
    const { mongodbAdapter } = await import('better-auth/adapters/mongodb')
    const mongo = store as import('../../db/mongo.ts').MongoStore
    // its transactions only where the server has them: on a standalone server (or FerretDB) every
    // sign-up and `users create` failed inside one ("Transaction numbers are only allowed on a replica set
    // member", on FerretDB "insert: unknown field autocommit")
    // its index builds are waited for at close; on FerretDB (no partial indexes) its unique username index becomes the plain one below
    const { authDatabase } = await import('../../db/ferretdb.ts')
    const db = authDatabase(mongo.db, { ferretDb: Boolean(mongo.ferretDb), track: (work) => mongo.track(work) })
    const auth = buildAuth(config, secret, mongodbAdapter(db, { client: mongo.client, transaction: mongo.transactions }))
    await store.ensureIndex('user', { fields: { username: 1 }, unique: true })
    return auth
  }
  const auth = buildAuth(config, secret, (store as import('../../db/sqlite/index.ts').SqliteStore).db)
  const { runMigrations } = await getMigrations(auth.options)
  await runMigrations()
  return auth
}
export type Auth = ReturnType<typeof buildAuth>

// better-auth's records as restored: what access and login rely on is checked, the rest kept as is
const userRecordSchema = z.looseObject({
  id: z.string().min(1),
  username: z.string().min(USERNAME.min).max(USERNAME.max).regex(USERNAME.pattern),
  role: roleSchema,
  createdAt: z.date(),
  updatedAt: z.date(),
})
const accountRecordSchema = z.looseObject({
  id: z.string().min(1),
  userId: z.string().min(1),
  providerId: z.string().min(1),
  accountId: z.string().min(1),
  createdAt: z.date(),
  updatedAt: z.date(),
})
const PAGE = 500

/**
 * better-auth's tables in the collection registry. They are read and written through its adapter,
 * which knows their columns (SQLite) and ids (ObjectIds on MongoDB).
 */
export function registerAuthCollections(registry: Registry, auth: Auth) {
  const adapter = async () => (await auth.$context).adapter
  const io = (model: string): CollectionIo => ({
    async readAll() {
      const a = await adapter()
      const all: StoredRecord[] = []
      // findMany answers 100 rows unless told otherwise: page through every one
      for (let offset = 0; ; offset += PAGE) {
        const page = await a.findMany<StoredRecord>({ model, limit: PAGE, offset, sortBy: { field: 'id', direction: 'asc' } })
        all.push(...page)
        if (page.length < PAGE) return all
      }
    },
    count: async () => (await adapter()).count({ model }),
    async writeAll(records) {
      const a = await adapter()
      for (const data of records) await a.create({ model, data, forceAllowId: true })
    },
    async clear() {
      await (await adapter()).deleteMany({ model, where: [] })
    },
  })
  registry.add({ name: 'user', backup: 'data', schema: userRecordSchema, io: io('user') })
  registry.add({ name: 'account', backup: 'secrets', schema: accountRecordSchema, io: io('account') }) // password hashes
  registry.skip('session', 'logins (refresh tokens): a restored store starts logged out, so a stolen backup holds no live session')
  registry.skip('verification', 'short-lived one-time tokens (sign-up sends no email, so none are in use)')
  registry.skip('jwks', 'signing keys, encrypted with the auth secret (not backed up); a new key is made on first use and access tokens live 15 minutes')
}
