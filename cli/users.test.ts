import { rmSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { CLI_SECRET, runCli, tempDataDir } from '../test/cli.ts'

const dataDir = tempDataDir('users')
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const cli = (args: string[], stdin = '') => runCli(dataDir, args, { stdin })

describe('cli users (issue 3)', () => {
  it('creates a user with the password from standard input, changes its role and lists it', () => {
    expect(cli(['users', 'create', 'Carol', '--role', 'editor'], 'a long password\n')).toMatchObject({ code: 0, out: 'Created editor "carol".\n' })
    expect(cli(['users', 'set-role', 'carol', 'admin']).code).toBe(0)
    const list = JSON.parse(cli(['users', 'list', '--json']).out)
    expect(list).toEqual([expect.objectContaining({ username: 'carol', role: 'admin' })])
  })

  it('gives and takes the manager role (brand/revenue manager)', () => {
    expect(cli(['users', 'create', 'mona', '--role', 'manager'], 'a long password\n')).toMatchObject({ code: 0, out: 'Created manager "mona".\n' })
    expect(cli(['users', 'set-role', 'mona', 'editor'])).toMatchObject({ code: 0, out: '"mona" is now editor.\n' })
    expect(cli(['users', 'set-role', 'mona', 'manager'])).toMatchObject({ code: 0, out: '"mona" is now manager.\n' })
    expect(JSON.parse(cli(['users', 'list', '--json']).out)).toEqual(expect.arrayContaining([expect.objectContaining({ username: 'mona', role: 'manager' })]))
    expect(cli(['users', 'create', '--help']).out).toMatch(/admin, manager, editor or user/)
  })

  it('a CLI-created account logs in over HTTP with its role, and a role change shows in the next token', async () => {
    expect(cli(['users', 'create', 'erin', '--role', 'editor'], 'erin password 1').code).toBe(0)
    const { loadConfig } = await import('../server/config.ts')
    const { createAppContext } = await import('../server/context.ts')
    const { createApp } = await import('../server/app.ts')
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: CLI_SECRET, NODE_ENV: 'test' }) // quiet request logs
    const login = async () => {
      const ctx = await createAppContext(config)
      const app = createApp({ config, services: ctx.services, store: ctx.store, renderCache: ctx.renderCache })
      const res = await app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'erin', password: 'erin password 1' }) })
      await ctx.close()
      return res
    }
    const first = await login()
    expect(first.status).toBe(200)
    const claims = (t: string) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString())
    expect(claims((await first.json()).accessToken).role).toBe('editor')
    expect(cli(['users', 'set-role', 'erin', 'admin']).code).toBe(0)
    expect(claims((await (await login()).json()).accessToken).role).toBe('admin')
  })

  it.each([
    ['an unknown role', ['users', 'create', 'dave', '--role', 'wizard'], 'a long password', /Unknown role "wizard"/],
    ['no password', ['users', 'create', 'dave', '--role', 'user'], '', /No password/],
    ['a short password', ['users', 'create', 'dave', '--role', 'user'], 'short', /Password must be/],
    ['an unknown user', ['users', 'set-role', 'nobody', 'admin'], '', /No user named "nobody"/],
  ])('fails with a message and a non-zero exit for %s', (_n, args, stdin, message) => {
    const before = cli(['users', 'list', '--json']).out
    const r = cli(args as string[], stdin as string)
    expect(r.code).not.toBe(0)
    expect(r.err).toMatch(message as RegExp)
    expect(cli(['users', 'list', '--json']).out).toBe(before)
  })
})

describe('cli users: the last admin (issue 13)', () => {
  const own = tempDataDir('last-admin')
  afterAll(() => rmSync(own, { recursive: true, force: true }))
  const run = (args: string[], stdin = '') => runCli(own, args, { stdin })

  it('set-role refuses to demote the last admin, with a message and a non-zero exit, and changes nothing', () => {
    expect(run(['users', 'create', 'solo', '--role', 'admin'], 'a long password').code).toBe(0)
    const r = run(['users', 'set-role', 'solo', 'editor'])
    expect(r.code).not.toBe(0)
    expect(r.err).toMatch(/"solo" is the last admin/)
    expect(JSON.parse(run(['users', 'list', '--json']).out)).toEqual([expect.objectContaining({ username: 'solo', role: 'admin', disabled: false })])
    // with a second admin, the demotion goes through
    expect(run(['users', 'create', 'duo', '--role', 'admin'], 'a long password').code).toBe(0)
    expect(run(['users', 'set-role', 'solo', 'editor']).code).toBe(0)
  })
})
