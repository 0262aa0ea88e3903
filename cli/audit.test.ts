import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntryJson } from '../lib/audit.ts'
import { osUserName } from '../server/operations/audit.ts'
import { startFakeOpenAi } from '../test/fake-openai.ts'
import { runCli, runCliAsync, tempDataDirs } from '../test/cli.ts'

/** Issue 13: CLI writes are recorded as cli:<os user>, and `audit` reads the log. */
const ai = startFakeOpenAi()
const { dir, removeAll } = tempDataDirs()
afterAll(() => {
  ai.stop()
  removeAll()
})
const me = `cli:${osUserName()}`
const audit = (dataDir: string, ...args: string[]) => {
  const r = runCli(dataDir, ['audit', '--json', ...args])
  expect(r.code, r.err).toBe(0)
  return JSON.parse(r.out) as AuditEntryJson[]
}

let dataDir: string
beforeAll(() => {
  dataDir = dir('audit')
  // the fast seed (committed SVGs): this file tests audit entries, and raster covers cost 13 s or more on a busy machine
  expect(runCli(dataDir, ['seed', 'demo', '--svg-images']).code).toBe(0)
})

describe('CLI writes append audit entries as cli:<os user>', () => {
  it('the OS user has a real name here, not a placeholder', () => {
    expect(osUserName()).not.toBe('unknown')
  })

  it('seed demo', () => {
    expect(audit(dataDir, '--action', 'seed.demo')).toEqual([expect.objectContaining({ actor: me, via: 'cli', ip: null, target: 'store', note: expect.stringMatching(/posts/) })])
  })

  it('users create and set-role, with no password anywhere in the log', () => {
    expect(runCli(dataDir, ['users', 'create', 'cli_alice', '--role', 'editor'], { stdin: 'a long secret password' }).code).toBe(0)
    expect(runCli(dataDir, ['users', 'set-role', 'cli_alice', 'admin']).code).toBe(0)
    const entries = audit(dataDir, '--target', 'user:cli_alice')
    expect(entries.map((e) => [e.action, e.actor, e.changes])).toEqual([
      ['user.update', me, [{ field: 'role', from: 'editor', to: 'admin' }]],
      ['user.create', me, [{ field: 'role', to: 'editor' }]],
    ])
    expect(runCli(dataDir, ['audit', '--json']).out).not.toContain('a long secret password')
  })

  it('import, with what it wrote', () => {
    const file = join(dataDir, 'drafts.csv')
    writeFileSync(file, 'title,description\nImported by the CLI,From a CSV\n')
    expect(runCli(dataDir, ['import', 'posts', file]).code).toBe(0)
    expect(audit(dataDir, '--action', 'import')[0]).toMatchObject({ action: 'import.run', actor: me, target: 'posts', note: expect.stringContaining('post imported-by-the-cli') })
  })

  it('an AI-generated post saved from the CLI', async () => {
    const env = { AI_BASE_URL: ai.url, AI_MODEL: 'fake-model', AI_API_KEY: 'k', AI_TIMEOUT_MS: '5000' }
    const r = await runCliAsync(dataDir, ['generate', 'post', '--title', 'Generated and audited', '--sections', '3', '--save'], { env })
    expect(r.code, r.err).toBe(0)
    expect(audit(dataDir, '--target', 'post:generated-and-audited')).toEqual([expect.objectContaining({ action: 'post.create', actor: me })])
  })

  it('restore: the restored store\'s log starts with the restore (backups leave the old log out)', () => {
    const file = join(dataDir, 'backup.json')
    expect(runCli(dataDir, ['backup', file]).code).toBe(0)
    const fresh = dir('audit-restore')
    expect(runCli(fresh, ['restore', file]).code).toBe(0)
    expect(audit(fresh, '--limit', '200')).toEqual([expect.objectContaining({ action: 'backup.restore', actor: me, target: 'store', note: expect.stringMatching(/posts/) })])
  })
})

describe('bun run cli -- audit', () => {
  it('prints one line an entry, newest first, and filters', () => {
    const r = runCli(dataDir, ['audit', '--actor', me, '--action', 'user', '--limit', '1'])
    expect(r.code).toBe(0)
    expect(r.out.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ  ${me}\\s+user\\.update\\s+user:cli_alice  role: "editor" → "admin"$`))])
    expect(runCli(dataDir, ['audit', '--from', '2999-01-01']).out.trim()).toBe('No audit entries match.')
  })

  it('refuses bad filters with a clear error and exit code 1', () => {
    for (const args of [['--from', 'yesterday'], ['--limit', '0'], ['--limit', 'many']]) {
      const r = runCli(dataDir, ['audit', ...args])
      expect(r.code, args.join(' ')).toBe(1)
      expect(r.err, args.join(' ')).toMatch(/^error: --(from|limit) /)
    }
  })
})
