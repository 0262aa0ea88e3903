import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { brandWriteSchema } from '../../lib/schemas.ts'
import { slugify } from '../../lib/slug.ts'
import { makeTestApp } from '../../test/make-app.ts'
import { solidPng } from '../../test/png.ts'
import { testBackend } from '../../test/store.ts'
import { demoBrands } from '../demo/brands.ts'
import { KINDS } from './transfer-format.ts'
import { parseExport } from './transfer.ts'

/**
 * Lossless, whatever the store holds: random stores (posts with images, tags, revisions and authors, in
 * markets; brands with offers, facts, logos and revisions; author profiles with photos; markets) made
 * through the services, exported, imported into an empty store through the file's text, and exported
 * again: every kind answers the same. On the test's backend (TEST_STORE: SQLite, or MongoDB in the
 * MongoDB run), so both are covered.
 */
type App = Awaited<ReturnType<typeof makeTestApp>>
const apps: App[] = []
afterAll(async () => {
  for (const t of apps.splice(0)) await t.ctx.close()
})
const app = async () => {
  const t = await makeTestApp({ seed: false })
  apps.push(t)
  return t
}

const WORDS = ['bonus', 'slots', 'poker', 'jackpot', 'live', 'odds', 'café', 'Ünïcode', 'spins', 'wager', '100%', 'RTP', 'über', '💰', 'bank']
const words = (min: number, max: number) => fc.array(fc.constantFrom(...WORDS), { minLength: min, maxLength: max }).map((w) => w.join(' '))
const colour = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
const image = fc.option(colour, { nil: undefined })
const dataUrl = (rgb: [number, number, number]) => `data:image/png;base64,${Buffer.from(solidPng(4, 3, rgb)).toString('base64')}`

const storeArb = fc.record({
  // a name a slug can be made of (the admin asks for a slug otherwise)
  authors: fc.uniqueArray(fc.record({ name: fc.tuple(fc.constantFrom('Ada', 'Max', 'Lena', 'Jo'), words(0, 2)).map(([first, rest]) => `${first} ${rest}`.trim()), bio: words(0, 12), photo: image }), { maxLength: 2, selector: (a) => slugify(a.name) }),
  markets: fc.uniqueArray(fc.constantFrom('fr', 'es', 'it'), { maxLength: 2 }),
  posts: fc.array(
    fc.record({
      title: words(1, 5),
      description: words(0, 10),
      tags: fc.uniqueArray(fc.constantFrom('Guides', 'Slots', 'Poker', 'Live casino', 'News'), { maxLength: 3 }),
      summary: fc.array(fc.record({ title: words(1, 3), text: words(1, 10) }), { maxLength: 2 }),
      body: fc.array(fc.record({ headline: words(1, 4), content: words(1, 20) }), { maxLength: 2 }),
      image,
      author: fc.nat(),
      market: fc.nat(),
      edits: fc.array(words(1, 4), { maxLength: 2 }), // each a later save: a revision
    }),
    { minLength: 1, maxLength: 3 },
  ),
  brands: fc.array(
    fc.record({
      from: fc.integer({ min: 0, max: demoBrands.length - 1 }),
      name: words(1, 3),
      rating: fc.integer({ min: 0, max: 50 }).map((n) => n / 10),
      bonusOffer: words(1, 6),
      logo: image,
      edits: fc.array(words(1, 3), { maxLength: 1 }),
    }),
    { maxLength: 2 },
  ),
})
type Spec = typeof storeArb extends fc.Arbitrary<infer T> ? T : never

async function fill(t: App, spec: Spec) {
  const s = t.ctx.services
  const authors = []
  for (const a of spec.authors) authors.push(await s.authors.create({ name: a.name, bio: a.bio, photo: a.photo ? dataUrl(a.photo) : '' }))
  const markets = []
  for (const key of spec.markets)
    markets.push(await s.markets.create({ key, name: `Market ${key}`, countries: [key.toUpperCase()], language: `${key}-${key.toUpperCase()}`, currency: 'EUR', minimumAge: 18, rules: { showBonuses: true, noBonusText: 'See the site' } }))
  for (const [i, p] of spec.posts.entries()) {
    const body = {
      title: `${p.title} ${i}`,
      description: p.description,
      tags: p.tags,
      image: p.image ? dataUrl(p.image) : '',
      content: { summary: p.summary, body: p.body.map((b) => ({ ...b, keywords: [], hyperlinks: [], subsections: [] })) },
      authorId: authors.length ? authors[p.author % authors.length]._id : null,
      market: markets.length && p.market % 2 ? markets[p.market % markets.length].key : null,
    }
    const post = await s.posts.create('article', body)
    for (const title of p.edits) await s.posts.update(post._id, { ...body, image: post.image, title: `${title} ${i}` })
  }
  for (const [i, b] of spec.brands.entries()) {
    const { _id, logo: _l, bannerImage: _b, ...demo } = demoBrands[b.from] as Record<string, unknown>
    const fields = brandWriteSchema.parse({ ...demo, brandName: `${b.name} ${i}`, rating: b.rating, bonusOffer: b.bonusOffer })
    const logo = b.logo ? { file: new File([solidPng(4, 3, b.logo)], 'logo.png', { type: 'image/png' }) } : {}
    const brand = await s.brandAdmin.create({ fields, logo, bannerImage: {} })
    for (const name of b.edits) await s.brandAdmin.update(brand._id, { fields: { ...fields, brandName: `${name} ${i}` }, logo: {}, bannerImage: {} })
  }
}

describe(`export → import → export of random stores (${testBackend()})`, () => {
  it('answers the same for every kind', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(storeArb, async (spec) => {
        const source = await app()
        await fill(source, spec)
        for (const kind of KINDS) {
          const before = await source.ctx.services.transfer.export(kind)
          const target = await app()
          const text = JSON.stringify(before)
          const report = await target.ctx.services.transfer.import(kind, parseExport(text, 'json', kind))
          expect(report.invalid).toEqual([])
          const after = await target.ctx.services.transfer.export(kind)
          expect(JSON.stringify(after)).toBe(text)
          await target.ctx.close()
          apps.splice(apps.indexOf(target), 1)
        }
        // what was made is in the file: not an empty round trip
        const all = await source.ctx.services.transfer.export('all')
        expect(all.posts).toHaveLength(spec.posts.length)
        expect(all.brands).toHaveLength(spec.brands.length)
        expect(all.revisions.length).toBeGreaterThanOrEqual(spec.posts.length + spec.brands.length)
        await source.ctx.close()
        apps.splice(apps.indexOf(source), 1)
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 6), seed: Number(process.env.PROPERTY_SEED ?? 2026) },
    )
  })
})
