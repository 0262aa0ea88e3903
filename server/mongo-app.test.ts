import { afterAll, describe, expect, it, vi } from 'vitest'
import { loginAs, makeTestApp } from '../test/make-app.ts'

/**
 * The whole app on MongoDB, where the storage contract cannot reach: better-auth writes through its own
 * adapter. Only against a server (MONGODB_URI; scripts/ferretdb.ts starts a FerretDB).
 */
const uri = process.env.MONGODB_URI
if (!uri) console.log('[app on MongoDB] run SKIPPED: MONGODB_URI is not set (no MongoDB server on this machine).')

describe.skipIf(!uri)('the app on MongoDB', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>> | undefined
  afterAll(async () => {
    await t?.ctx.close()
  })

  it('creates accounts that log in, on a server without transactions too (standalone, FerretDB)', async () => {
    const { MongoStore } = await import('../db/mongo.ts')
    const store = await MongoStore.connect(uri!)
    // better-auth logs the indexes it could not build; FerretDB 1.x has no partial indexes (its
    // `user_username_uidx`), and the app's own unique index on username holds there (server/accounts/auth.ts)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    t = await makeTestApp({ store, seed: false })
    const name = `mongo_${Math.random().toString(36).slice(2, 10)}`
    const tokens = await loginAs(t, 'editor', name)
    expect(tokens).toBeTruthy()
    expect((await t.ctx.services.users.list()).some((u: { username: string }) => u.username === name)).toBe(true)
    const logged = errors.mock.calls.map((args) => String(args[0]))
    expect(logged.filter((line) => !(store.ferretDb && line.includes('"user_username_uidx"') && line.includes('NotImplemented')))).toEqual([])
  })
})
