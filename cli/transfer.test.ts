import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../server/config.ts'
import { createAppContext } from '../server/context.ts'
import { demoBrands } from '../server/demo/brands.ts'
import { CLI_SECRET, runCli, tempDataDirs } from '../test/cli.ts'

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const { dir, removeAll } = tempDataDirs()
afterAll(removeAll)

/** Test data a running product would have: an uploaded image and some clicks (set up in-process, on the same file). */
async function withData(dataDir: string) {
  const ctx = await createAppContext(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: CLI_SECRET }))
  await ctx.services.posts.create('article', { title: 'Has an uploaded image', image: `data:image/png;base64,${PNG_BASE64}` })
  for (const brandId of ['nova-spins', 'nova-spins', 'luckyforge'])
    await ctx.services.clicks.record({ clickid: crypto.randomUUID(), brandId, timestamp: new Date().toISOString(), gaid: 'g', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36' })
  await ctx.services.users.createUser('backup_user', 'a long password', 'editor')
  await ctx.close()
}

let source: string
beforeAll(async () => {
  source = dir('source')
  expect(runCli(source, ['seed', 'demo', '--svg-images']).code).toBe(0) // images are not what this file tests: the fast seed
  await withData(source)
})

describe('export and import (issue 6)', () => {
  it('round-trips the content: export → import into an empty store → export is identical', () => {
    const target = dir('target')
    const a = join(source, 'a.json')
    expect(runCli(source, ['export', 'all', '--out', a]).code).toBe(0)
    const bundle = JSON.parse(readFileSync(a, 'utf8'))
    expect(bundle.posts.length).toBeGreaterThanOrEqual(20)
    expect(bundle.media).toHaveLength(3) // the uploaded image travels with the post, as base64, with its AVIF and WebP renditions
    const imported = runCli(target, ['import', 'all', a])
    expect(imported.code).toBe(0)
    expect(imported.out).toMatch(/^Created \d+ articles, \d+ brand pages, 2 authors, \d+ revisions? and 3 markets \(post /)
    expect(runCli(target, ['export', 'all']).out).toBe(readFileSync(a, 'utf8'))
  })

  it('round-trips NDJSON too', () => {
    const target = dir('ndjson')
    const nd = runCli(source, ['export', 'all', '--format', 'ndjson']).out
    const file = join(target, 'all.ndjson')
    writeFileSync(file, nd)
    expect(runCli(target, ['import', 'all', file]).code).toBe(0)
    expect(runCli(target, ['export', 'all', '--format', 'ndjson']).out).toBe(nd)
  })

  it('--dry-run prints the plan and writes nothing', () => {
    const target = dir('dry')
    const a = join(target, 'posts.json')
    writeFileSync(a, runCli(source, ['export', 'posts']).out)
    const dry = runCli(target, ['import', 'posts', a, '--dry-run'])
    expect(dry.code).toBe(0)
    // a posts file carries the two demo profiles its posts name (issue 22), and the posts' revisions
    expect(dry.out).toMatch(/^Would create 25 articles, 2 authors and 1 revision \(post /)
    expect(JSON.parse(runCli(target, ['export', 'all']).out)).toMatchObject({ posts: [], brands: [], authors: [], media: [] })
  })

  it('reports invalid records with their index and field, and writes nothing', () => {
    const target = dir('invalid')
    const bundle = JSON.parse(runCli(source, ['export', 'all']).out)
    delete bundle.posts[1].title
    bundle.brands[2].rating = 9
    bundle.brands[3].dealBox.ctaUrl = 'javascript:alert(1)'
    const file = join(target, 'bad.json')
    writeFileSync(file, JSON.stringify(bundle))
    const r = runCli(target, ['import', 'all', file, '--json'])
    expect(r.code).toBe(1)
    const report = JSON.parse(r.out)
    expect(report.invalid).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ record: 'posts[1]', field: 'title' }),
        expect.objectContaining({ record: 'brands[2]', field: 'rating' }),
        expect.objectContaining({ record: 'brands[3]', field: 'dealBox.ctaUrl' }),
      ]),
    )
    expect(report.written).toBe(false)
    expect(JSON.parse(runCli(target, ['export', 'all']).out).posts).toEqual([])
    // --skip-invalid writes the rest
    expect(runCli(target, ['import', 'all', file, '--skip-invalid']).code).toBe(0)
    expect(JSON.parse(runCli(target, ['export', 'all']).out).posts).toHaveLength(bundle.posts.length - 1)
  })

  it('handles conflicts by policy: fail (default), skip, overwrite', () => {
    const target = dir('conflict')
    const file = join(target, 'brands.json')
    writeFileSync(file, runCli(source, ['export', 'brands']).out)
    expect(runCli(target, ['import', 'brands', file]).code).toBe(0)
    const again = runCli(target, ['import', 'brands', file])
    expect(again.code).toBe(1)
    expect(again.err).toMatch(/already exists; use --on-conflict skip or overwrite/)
    expect(runCli(target, ['import', 'brands', file, '--on-conflict', 'skip']).out).toMatch(new RegExp(`Skipped ${demoBrands.length} brand pages \\(brand `))
    expect(runCli(target, ['import', 'brands', file, '--on-conflict', 'overwrite']).out).toMatch(new RegExp(`Updated ${demoBrands.length} brand pages \\(brand `))
  })

  it('drafts posts from a CSV', () => {
    const target = dir('csv')
    const file = join(target, 'drafts.csv')
    writeFileSync(file, 'title,description,tag,image,position,type\n"Slots, explained","All about reels",Guides,,2,article\nBottom draft,,,,,articleBottom\n')
    expect(runCli(target, ['import', 'posts', file]).code).toBe(0)
    const posts = JSON.parse(runCli(target, ['export', 'posts']).out).posts
    expect(posts.map((p: { _id: string; type: string }) => [p._id, p.type])).toEqual([
      ['bottom-draft', 'articleBottom'],
      ['slots-explained', 'article'],
    ])
  })

  const bad: [string, (d: string) => string[], RegExp][] = [
    ['a missing file', () => ['import', 'all', '/no/such/file.json'], /No such file/],
    ['malformed JSON', (d) => (writeFileSync(join(d, 'x.json'), '{"posts": ['), ['import', 'all', join(d, 'x.json')]), /Malformed JSON/],
    ['malformed NDJSON', (d) => (writeFileSync(join(d, 'x.ndjson'), '{"kind":"post","record":{}}\n{oops\n'), ['import', 'all', join(d, 'x.ndjson')]), /Malformed NDJSON on line 2/],
    ['malformed CSV', (d) => (writeFileSync(join(d, 'x.csv'), 'title\n"unterminated\n'), ['import', 'posts', join(d, 'x.csv')]), /Malformed CSV/],
    ['a record of the wrong type', (d) => (writeFileSync(join(d, 'b.json'), runCli(source, ['export', 'brands']).out), ['import', 'posts', join(d, 'b.json')]), /b\.json is an export of brand pages, not of posts/],
    ['an unknown kind', () => ['export', 'videos'], /Unknown kind "videos"/],
    ['an unknown --type', () => ['generate', 'post', '--type', 'hero', '--title', 'x'], /Allowed choices are article, featured, articleBottom/],
    ['an unknown role', () => ['users', 'create', 'x_user', '--role', 'root'], /Unknown role "root"/],
  ]
  it.each(bad)('fails clearly on %s, writing nothing', (_n, args, message) => {
    const target = dir('bad')
    const r = runCli(target, args(target), { stdin: 'a long password' })
    expect(r.code).not.toBe(0)
    expect(r.err + r.out).toMatch(message)
    expect(JSON.parse(runCli(target, ['export', 'all']).out)).toMatchObject({ posts: [], brands: [], media: [] })
  })
})

describe('backup and restore (issue 6)', () => {
  it('backup → restore into an empty store → export and backup are identical; secrets only when asked', () => {
    const backup = join(source, 'backup.json')
    const made = runCli(source, ['backup', backup])
    expect(made.code).toBe(0)
    // in words a person uses, never collection names (issue 25)
    expect(made.err).toMatch(new RegExp(String.raw`^Backed up 1 user, \d+ articles, ${demoBrands.length} brand pages, 2 authors, 7 info pages, 3 images, \d+ revisions?, 3 clicks, \d+ attribution counts and 3 markets to `))
    expect(made.err).toMatch(/Passwords are not in it: restored, the 1 user will need a new password each \(users set-password\), or back up with --include-secrets\./)
    expect(made.err).toMatch(/Never backed up: sessions and signing keys, .* \(settings, rate_limits, claims, audit_log, session, verification, jwks\)\./)
    const data = JSON.parse(readFileSync(backup, 'utf8'))
    expect(data).toMatchObject({ format: 'gamewise-backup', version: 2, includesSecrets: false })
    expect(data.collections.clicks).toHaveLength(3)
    expect(data.collections.user.map((u: { username: string }) => u.username)).toContain('backup_user')
    expect(data.collections.account).toBeUndefined()
    expect(readFileSync(backup, 'utf8')).not.toMatch(/"password"/)

    const target = dir('restore')
    const restored = runCli(target, ['restore', backup])
    expect(restored.code).toBe(0)
    expect(restored.out).toMatch(new RegExp(String.raw`^Restored 1 user, \d+ articles, ${demoBrands.length} brand pages, 2 authors, 7 info pages, 3 images, \d+ revisions?, 3 clicks, \d+ attribution counts and 3 markets\.$`, 'm'))
    // what the restored account needs to sign in (checked below, once the store has been compared)
    expect(restored.out).toMatch(/The backup held no passwords: the 1 user cannot sign in until each gets one, e\.g\. printf .* users set-password NAME/)
    expect(runCli(target, ['export', 'all']).out).toBe(runCli(source, ['export', 'all']).out)
    const again = join(target, 'again.json')
    runCli(target, ['backup', again])
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(backup, 'utf8'))
    expect(runCli(target, ['stats', 'clicks', '--json']).out).toBe(runCli(source, ['stats', 'clicks', '--json']).out)

    const refused = runCli(target, ['restore', backup])
    expect(refused.code).toBe(1)
    expect(refused.err).toMatch(/not empty/)

    const set = runCli(target, ['users', 'set-password', 'backup_user'], { stdin: 'a brand new password' })
    expect(set.code, set.err).toBe(0)
    expect(set.out).toMatch(/"backup_user" has a new password/)

    const full = join(source, 'full.json')
    runCli(source, ['backup', full, '--include-secrets'])
    expect(JSON.parse(readFileSync(full, 'utf8')).collections.account.some((a: { password?: string }) => a.password)).toBe(true)
  }, 60_000) // five CLI runs, each a process that opens the store

  it('refuses a backup whose user has an unknown role, naming the record and field, and writes nothing', () => {
    const file = join(source, 'bad-role.json')
    expect(runCli(source, ['backup', file]).code).toBe(0)
    const bundle = JSON.parse(readFileSync(file, 'utf8'))
    bundle.collections.user[0].role = 'constructor'
    writeFileSync(file, JSON.stringify(bundle))
    const target = dir('bad-role')
    const r = runCli(target, ['restore', file])
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/invalid records; nothing was restored: user\[0\]\.role: /)
    expect(JSON.parse(runCli(target, ['users', 'list', '--json']).out)).toEqual([])
    expect(JSON.parse(runCli(target, ['export', 'all']).out)).toMatchObject({ posts: [], brands: [], media: [] })
  })

  it('refuses to overwrite an existing file unless --force is given, and never leaves a partial file (issue 25)', () => {
    const file = join(source, 'precious.json')
    writeFileSync(file, 'yesterday')
    const refused = runCli(source, ['backup', file])
    expect(refused.code).toBe(1)
    expect(refused.err).toBe(`error: ${file} already exists; nothing was written. Choose another name, or add --force to replace it.\n`)
    expect(readFileSync(file, 'utf8')).toBe('yesterday')
    expect(readdirSync(source).filter((f) => f.includes('.partial'))).toEqual([])
    const forced = runCli(source, ['backup', file, '--force'])
    expect(forced.code, forced.err).toBe(0)
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('gamewise-backup')
    expect(readdirSync(source).filter((f) => f.includes('.partial'))).toEqual([])
  })

  it('through the package script (`bun run cli -- …`) a failure prints its own error only, not the runner\'s line on top', () => {
    const file = join(source, 'kept.json')
    writeFileSync(file, 'kept')
    const proc = Bun.spawnSync([process.execPath, 'run', 'cli', '--', 'backup', file], {
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, DATA_DIR: source, SEED_DEMO: '0', MONGODB_URI: '', AUTH_SECRET: CLI_SECRET },
    })
    expect(proc.exitCode).toBe(1)
    expect(proc.stderr.toString()).toBe(`error: ${file} already exists; nothing was written. Choose another name, or add --force to replace it.\n`)
    expect(proc.stdout.toString()).toBe('')
  })

  it('writes backup files 0600 (they hold users, and password hashes with --include-secrets), also when replacing one', () => {
    const mode = (path: string) => statSync(path).mode & 0o777
    const full = join(source, 'secrets.json')
    writeFileSync(full, 'old', { mode: 0o644 })
    expect(runCli(source, ['backup', full, '--include-secrets', '--force']).code).toBe(0)
    expect(mode(full)).toBe(0o600)
    expect(mode(join(source, 'gamewise.db'))).toBe(0o600)
  })

  it('counts clicks per brand per day', () => {
    const rows = JSON.parse(runCli(source, ['stats', 'clicks', '--days', '7', '--json']).out)
    expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ brandId: 'nova-spins', clicks: 2 }), expect.objectContaining({ brandId: 'luckyforge', clicks: 1 })]))
    const one = JSON.parse(runCli(source, ['stats', 'clicks', '--brand', 'luckyforge', '--json']).out)
    expect(one.map((r: { brandId: string }) => r.brandId)).toEqual(['luckyforge'])
  })
})
