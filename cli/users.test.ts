import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dataDir = mkdtempSync(join(tmpdir(), 'gamewise-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

function cli(args: string[], stdin = '') {
  const proc = Bun.spawnSync([process.execPath, new URL('./index.ts', import.meta.url).pathname, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: '0', MONGODB_URI: '', AUTH_SECRET: 'cli-test-secret-0123456789abcdef012345' },
    stdin: new TextEncoder().encode(stdin),
  })
  return { code: proc.exitCode, out: proc.stdout.toString(), err: proc.stderr.toString() }
}

describe('cli users (issue 3)', () => {
  it('creates a user with the password from standard input, changes its role and lists it', () => {
    expect(cli(['users', 'create', 'Carol', '--role', 'editor'], 'a long password\n')).toMatchObject({ code: 0, out: 'Created editor "carol".\n' })
    expect(cli(['users', 'set-role', 'carol', 'admin']).code).toBe(0)
    const list = JSON.parse(cli(['users', 'list', '--json']).out)
    expect(list).toEqual([expect.objectContaining({ username: 'carol', role: 'admin' })])
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
