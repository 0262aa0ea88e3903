import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../server/config.ts'
import { createAppContext } from '../server/context.ts'
import { CLI_SECRET, runCli, tempDataDirs } from '../test/cli.ts'

/**
 * Your data, anywhere: every kind of export imports whole into an empty store and exports again to the
 * same bytes (ids, dates, images, tags, revisions), a file a person wrote needs only what a person
 * writes, and a file of another kind is refused with what it is.
 */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const { dir, removeAll } = tempDataDirs()
afterAll(removeAll)

let source: string
beforeAll(async () => {
  source = dir('source')
  expect(runCli(source, ['seed', 'demo', '--svg-images']).code).toBe(0)
  const ctx = await createAppContext(loadConfig({ DATA_DIR: source, AUTH_SECRET: CLI_SECRET }))
  const image = `data:image/png;base64,${PNG}`
  const post = await ctx.services.posts.create('article', { title: 'Has an uploaded image', image, tags: ['Guides', 'Slots'] })
  // the same bytes again: the stored image is marked touched (a Date beside its createdAt)
  const again = await ctx.services.posts.create('article', { title: 'Uses it again', image })
  await ctx.services.posts.update(post._id, { title: 'Has an uploaded image, revised', image: post.image, tags: ['Guides'] }) // a second revision
  expect((await ctx.repos.media.findById(again.image.split('/').pop()!))?.touchedAt).toBeInstanceOf(Date)
  await ctx.close()
})

describe('export → import into an empty store → export gives the same content', () => {
  it.each(['posts', 'brands', 'authors', 'markets', 'all'])('%s', (kind) => {
    const file = join(source, `${kind}.json`)
    const made = runCli(source, ['export', kind, '--out', file, '--force'])
    expect(made.code, made.err).toBe(0)
    const target = dir(`round-${kind}`)
    const imported = runCli(target, ['import', kind, file])
    expect(imported.code, imported.out + imported.err).toBe(0)
    expect(runCli(target, ['export', kind]).out).toBe(readFileSync(file, 'utf8'))
  }, 30_000)

  it('keeps the dates an image has (createdAt, touchedAt) as ISO strings, and the revisions of what it exports', () => {
    const bundle = JSON.parse(runCli(source, ['export', 'posts']).out)
    expect(bundle).toMatchObject({ format: 'gamewise-export', version: 2, kind: 'posts' })
    const touched = bundle.media.filter((m: { touchedAt?: string }) => m.touchedAt)
    expect(touched.length).toBeGreaterThan(0)
    for (const m of touched) expect(new Date(m.touchedAt).toISOString()).toBe(m.touchedAt)
    const revisions = bundle.revisions.filter((r: { itemId: string }) => r.itemId === 'has-an-uploaded-image')
    expect(revisions.map((r: { action: string }) => r.action)).toEqual(['create', 'update'])
    expect(bundle.posts.find((p: { _id: string }) => p._id === 'has-an-uploaded-image').tags).toEqual(['Guides'])
  })

  it('NDJSON too, every kind of line', () => {
    const nd = runCli(source, ['export', 'all', '--format', 'ndjson']).out
    expect(new Set(nd.trim().split('\n').map((l) => JSON.parse(l).kind))).toEqual(new Set(['media', 'market', 'author', 'post', 'brand', 'revision']))
    const target = dir('ndjson')
    writeFileSync(join(target, 'all.ndjson'), nd)
    expect(runCli(target, ['import', 'all', join(target, 'all.ndjson')]).code).toBe(0)
    expect(runCli(target, ['export', 'all', '--format', 'ndjson']).out).toBe(nd)
  }, 30_000)
})

describe('hand-written JSON needs only what a person writes', () => {
  it('posts, a brand, an author and a market without ids or times: made on import', () => {
    const target = dir('hand')
    const write = (name: string, value: unknown) => (writeFileSync(join(target, name), JSON.stringify(value)), join(target, name))
    const author = runCli(target, ['import', 'authors', write('author.json', { name: 'Ada Lovelace', bio: 'Writes about odds.' })])
    expect(author.code, author.out + author.err).toBe(0)
    const posts = runCli(target, ['import', 'posts', write('posts.json', [{ title: 'Slots, explained', tags: ['Guides'], content: { summary: [], body: [{ headline: 'Reels', content: 'How reels work.' }] } }, { title: 'Slots, explained' }])])
    expect(posts.code, posts.out + posts.err).toBe(0)
    expect(posts.out).toMatch(/^Created 2 articles \(post slots-explained, post slots-explained-[0-9a-f]{6}\)\./)
    const brand = { brandName: 'Test Casino', rating: 4.2, campaignType: 'Web - Registration', dealBox: { mainText: '100% up to 100', ctaLabel: 'Play', ctaUrl: 'https://test.example/' } }
    const brands = runCli(target, ['import', 'brands', write('brands.json', { brands: [brand] })])
    expect(brands.code, brands.out + brands.err).toBe(0)
    const market = runCli(target, ['import', 'markets', write('market.json', { key: 'fr', name: 'France', countries: ['FR'], language: 'fr-FR', currency: 'EUR', minimumAge: 18, rules: { showBonuses: true, noBonusText: 'Visit the site for current offers' } })])
    expect(market.code, market.out + market.err).toBe(0)
    const bundle = JSON.parse(runCli(target, ['export', 'all']).out)
    expect(bundle.authors).toEqual([expect.objectContaining({ name: 'Ada Lovelace', slug: 'ada-lovelace', _id: expect.stringMatching(/^[0-9a-f]{24}$/) })])
    const post = bundle.posts.find((p: { _id: string }) => p._id === 'slots-explained')
    expect(post).toMatchObject({ type: 'article', tags: ['Guides'], createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
    expect(post.updatedAt).toBe(post.createdAt)
    expect(bundle.brands).toEqual([expect.objectContaining({ _id: 'test-casino', brandName: 'Test Casino', logo: null, createdAt: expect.any(String) })])
    expect(bundle.markets).toEqual([expect.objectContaining({ _id: 'fr', key: 'fr', createdAt: expect.any(String) })])
  }, 30_000)
})

describe('a file of another kind is refused with what it is and the command that takes it', () => {
  const refuse: [string, (d: string) => string[], RegExp][] = [
    ['an export of brands given to import posts', (d) => (writeFileSync(join(d, 'b.json'), runCli(source, ['export', 'brands']).out), ['import', 'posts', join(d, 'b.json')]), /b\.json is an export of brand pages, not of posts .*: import it with bun run cli -- import brands .*b\.json/],
    ['a backup given to import', (d) => (runCli(source, ['backup', join(d, 'full.json')]), ['import', 'all', join(d, 'full.json')]), /full\.json is a backup \(gamewise-backup, version 2\), not an export: restore it into an empty store with bun run cli -- restore /],
    ['a market given to import posts', (d) => (writeFileSync(join(d, 'm.json'), JSON.stringify({ key: 'fr', name: 'France', countries: ['FR'] })), ['import', 'posts', join(d, 'm.json')]), /m\.json is one market's settings, not an export: save it with bun run cli -- markets save /],
    ['JSON that is no export', (d) => (writeFileSync(join(d, 'x.json'), '{"hello": "world"}'), ['import', 'all', join(d, 'x.json')]), /x\.json is not a GameWise export/],
    ['an export given to restore', (d) => (writeFileSync(join(d, 'p.json'), runCli(source, ['export', 'authors']).out), ['restore', join(d, 'p.json')]), /p\.json is an export of author profiles, not a backup: import it with bun run cli -- import authors /],
  ]
  it.each(refuse)('%s: exit 1, nothing written', (_name, args, message) => {
    const target = dir('refuse')
    const r = runCli(target, args(target))
    expect(r.code).toBe(1)
    expect(r.err).toMatch(message)
    expect(r.err.trim().split('\n')).toHaveLength(1)
    expect(JSON.parse(runCli(target, ['export', 'all']).out)).toMatchObject({ posts: [], brands: [], authors: [], markets: [], media: [] })
  }, 30_000)
})

describe('files the CLI writes: never over one silently, one plain line for a folder', () => {
  it('export --out refuses an existing file unless --force', () => {
    const file = join(source, 'kept.json')
    writeFileSync(file, 'kept')
    const refused = runCli(source, ['export', 'authors', '--out', file])
    expect(refused.code).toBe(1)
    expect(refused.err).toBe(`error: ${file} already exists; nothing was written. Choose another name, or add --force to replace it.\n`)
    expect(readFileSync(file, 'utf8')).toBe('kept')
    expect(runCli(source, ['export', 'authors', '--out', file, '--force']).code).toBe(0)
    expect(JSON.parse(readFileSync(file, 'utf8')).kind).toBe('authors')
  })

  it.each([
    ['backup', 'a folder', (d: string) => ['backup', d], (d: string) => `error: ${d} is a folder: name a file in it, e.g. ${join(d, 'backup.json')}\n`],
    ['backup', 'a missing folder', (d: string) => ['backup', join(d, 'nope', 'b.json')], (d: string) => `error: No folder ${join(d, 'nope')} to write ${join(d, 'nope', 'b.json')} in: create it first (mkdir -p ${join(d, 'nope')})\n`],
    ['export', 'a folder', (d: string) => ['export', 'all', '--out', d], (d: string) => `error: ${d} is a folder: name a file in it, e.g. ${join(d, 'content.json')}\n`],
    ['import', 'a folder', (d: string) => ['import', 'all', d], (d: string) => `error: ${d} is a folder, not a file: name the file in it\n`],
  ])('%s into %s: one line naming the path given', (_cmd, _what, args, message) => {
    const target = dir('paths')
    mkdirSync(join(target, 'sub'))
    const r = runCli(target, args(join(target, 'sub')))
    expect(r.code).toBe(1)
    expect(r.err).toBe(message(join(target, 'sub')))
    expect(readdirSync(join(target, 'sub'))).toEqual([])
    expect(existsSync(join(target, 'sub', 'nope'))).toBe(false)
  })

  it.each(['stats', 'users'])('bare `%s` prints its help and exits 0', (group) => {
    const r = runCli(dir('help'), [group])
    expect(r.code).toBe(0)
    expect(r.out).toMatch(new RegExp(`^Usage: gamewise ${group} \\[options\\] \\[command\\]`))
    expect(runCli(dir('help'), [group, 'nonsense']).code).toBe(1)
  })
})
