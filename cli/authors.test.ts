import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, tempDataDirs } from '../test/cli.ts'

const dirs = tempDataDirs()
let demo: string
beforeAll(() => {
  demo = dirs.dir('authors')
  expect(runCli(demo, ['seed', 'demo', '--svg-images']).out).toMatch(/^Seeded \d+ posts, \d+ brand pages and 2 authors\.$/m)
})
afterAll(() => dirs.removeAll())

describe('bun run cli -- markets list (issue 23)', () => {
  it('lists the default market first, then each market with its address, language, age and bonus rule; --json the markets', () => {
    const r = runCli(demo, ['markets', 'list'])
    expect(r.code).toBe(0)
    const lines = r.out.trim().split('\n')
    expect(lines[0]).toMatch(/^default \/\s+en\s+18\+\s+bonuses shown\s+International/)
    expect(lines.slice(1).map((l) => l.split(/\s+/)[0])).toEqual(['ca-on', 'de', 'uk'])
    expect(lines[1]).toMatch(/^ca-on\s+\/ca-on\/\s+en-CA\s+19\+\s+bonuses hidden\s+Ontario$/)
    expect(JSON.parse(runCli(demo, ['--json', 'markets', 'list']).out).map((m: { key: string }) => m.key)).toEqual(['ca-on', 'de', 'uk'])
  })

  it('an empty store says how to add one', () => {
    expect(runCli(dirs.dir('no-markets'), ['markets', 'list']).out.trim()).toMatch(/^No markets yet/)
  })
})

describe('bun run cli -- authors list (issue 22)', () => {
  it('an empty store says where profiles are added', () => {
    const r = runCli(dirs.dir('no-authors'), ['authors', 'list'])
    expect(r.code).toBe(0)
    expect(r.out.trim()).toBe('No author profiles yet: an admin adds them in /admin (Authors).')
  })

  it('lists each profile by name with its id, page and how many posts name it', () => {
    const r = runCli(demo, ['authors', 'list'])
    expect(r.code).toBe(0)
    const lines = r.out.trim().split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^daniel-okafor\s+\/author\/daniel-okafor\s+Daniel Okafor\s+author of [1-9]\d*, reviewer of [1-9]\d*$/)
    expect(lines[1]).toMatch(/^maya-chen\s+\/author\/maya-chen\s+Maya Chen\s+author of [1-9]\d*, reviewer of [1-9]\d*$/)
  })

  it('--json answers what GET /api/authors answers', () => {
    const r = runCli(demo, ['--json', 'authors', 'list'])
    expect(r.code).toBe(0)
    const list = JSON.parse(r.out)
    expect(list.map((a: { name: string }) => a.name)).toEqual(['Daniel Okafor', 'Maya Chen'])
    expect(list[1]).toMatchObject({ _id: 'maya-chen', slug: 'maya-chen', usage: { authored: expect.any(Number), reviewed: expect.any(Number) } })
    expect(list[1].expertise.length).toBeGreaterThan(0)
  })

  it('export authors and import authors move the profiles, and only them, to another store', () => {
    const file = join(demo, 'authors.json')
    const exported = runCli(demo, ['export', 'authors'])
    expect(exported.code).toBe(0)
    const bundle = JSON.parse(exported.out)
    expect(bundle).toMatchObject({ posts: [], brands: [] })
    writeFileSync(file, exported.out)
    const target = dirs.dir('authors-target')
    const imported = runCli(target, ['import', 'authors', file])
    expect(imported.code, imported.err).toBe(0)
    expect(imported.out).toMatch(/^Created 2 authors \(author daniel-okafor, author maya-chen\)/)
    expect(JSON.parse(runCli(target, ['--json', 'authors', 'list']).out).map((a: { _id: string; usage: unknown }) => [a._id, a.usage])).toEqual([
      ['daniel-okafor', { authored: 0, reviewed: 0 }],
      ['maya-chen', { authored: 0, reviewed: 0 }],
    ])
  })
})
