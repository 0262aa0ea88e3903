import fc from 'fast-check'
import type { DeclaredRoute } from '../../server/router.ts'
import { DEFAULT_ALIASES } from '../../server/attribution/postbacks.ts'
import { fileBytes, fileNames, fileTypes, headerText, junkJson, junkString, PNG, PNG2, queryValue } from './values.ts'

/**
 * Valid requests per route, then a few mutations: most generated requests get past validation into
 * the services (where a fuzz finds the most), and the rest fail validation in every way.
 */

/** Named values in order: JSON text for JSON bodies, raw text for query strings and form fields. */
export type Entries = [string, string][]

/** What exists in the store every run starts from, so generated values can name it. */
export type FuzzWorld = {
  tokens: { user: string; editor: string; manager: string; admin: string }
  /** tokens that must give no rights: tampered payloads and signatures, alg none */
  forgedTokens: string[]
  ids: { brands: string[]; posts: string[]; media: string[]; infoPages: string[] }
  clickId: string
  postbackSecret: string
  refreshToken: string
  usernames: string[]
  password: string
}

type Field = [name: string, value: fc.Arbitrary<string>, required?: boolean]

const entriesOf = (fields: Field[]): fc.Arbitrary<Entries> =>
  fc.tuple(...fields.map(([name, value, required]) => (required ? value.map((v): Entries => [[name, v]]) : fc.option(value, { freq: 3 }).map((v): Entries => (v === null ? [] : [[name, v]]))))).map((e) => e.flat())

const protoKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'role', '_id', '$set')

/** Up to three changes to valid entries: a value replaced by junk, a field dropped or repeated, a stray key added. */
export function mutated(valid: fc.Arbitrary<Entries>, names: string[], junk: fc.Arbitrary<string>): fc.Arbitrary<Entries> {
  const name = names.length ? fc.constantFrom(...names) : fc.constant('x')
  const mutation = fc.oneof(
    fc.tuple(fc.constant('replace' as const), name, junk),
    fc.tuple(fc.constant('drop' as const), name, fc.constant('')),
    fc.tuple(fc.constant('add' as const), fc.oneof(name, protoKeys, fc.string({ maxLength: 12 })), junk),
  )
  const mutations = fc.oneof({ arbitrary: fc.constant([]), weight: 2 }, { arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }), weight: 3 })
  return fc.tuple(valid, mutations).map(([entries, ms]) =>
    ms.reduce<Entries>((acc, [op, key, value]) => {
      if (op === 'drop') return acc.filter(([k]) => k !== key)
      if (op === 'add' || !acc.some(([k]) => k === key)) return [...acc, [key, value]]
      return acc.map(([k, v]) => [k, k === key ? value : v])
    }, entries),
  )
}

const json = (...values: unknown[]) => fc.constantFrom(...values.map((v) => JSON.stringify(v)))
const asJson = (a: fc.Arbitrary<unknown>) => a.map((v) => JSON.stringify(v))
const shortText = fc.string({ unit: 'grapheme', maxLength: 30 })
const someText = fc.oneof(fc.constantFrom('RTP Explained', 'Fuzz title', 'Ünïcödé Casino', '日本のカジノ', '  padded  ', 'Nova Spins'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ''))
const day = fc.constantFrom('2026-05-01', '2026-06-01', '2026-06-11', '2025-06-12', '2024-02-29', '2026-06-12')
const goal = fc.constantFrom('Sale', '1006', '99', 'Fraud', 'Install', '0', 'lead')
const payout = fc.constantFrom('12.5', '0', '1000000', '0.00001', '99.9999')
const link = fc.constantFrom('https://a.example/x', '/article/rtp-explained', 'http://cdn.example/i.png?x=1#y')

/** Valid JSON bodies, by route. */
function jsonFields(route: DeclaredRoute, w: FuzzWorld): Field[] {
  const p = route.path
  if (p === '/api/auth/login' || p === '/api/auth/signup') {
    const fresh = fc.stringMatching(/^[a-z0-9_.]{3,32}$/)
    return [
      ['username', asJson(p.endsWith('login') ? fc.oneof(fc.constantFrom(...w.usernames), fresh) : fc.oneof(fresh, fc.constantFrom(...w.usernames))), true],
      ['password', asJson(fc.oneof(fc.constant(w.password), fc.string({ minLength: 8, maxLength: 40 }))), true],
    ]
  }
  if (p === '/api/auth/refresh-token' || p === '/api/auth/logout') return [['refreshToken', json(w.refreshToken), true]]
  if (p.startsWith('/api/posts/generate-'))
    return [['title', asJson(someText), true], ['sections', json(3, 5, 7, '5'), false], ['imageUrl', json('https://cdn.example/x.png', null), false], ['position', json(1, '2', null), false]]
  if (p.startsWith('/api/posts')) {
    const section = fc.record({ headline: shortText, content: shortText, keywords: fc.array(shortText, { maxLength: 3 }), hyperlinks: fc.array(fc.record({ text: shortText, url: link }), { maxLength: 2 }), subsections: fc.array(fc.record({ subheading: shortText, content: shortText }), { maxLength: 2 }) })
    return [
      ['title', asJson(someText), true],
      ['image', fc.oneof(json('', '/demo/hero.svg', 'https://cdn.example/x.png'), fc.constantFrom(PNG, PNG2).map((b) => JSON.stringify(`data:image/png;base64,${b.toString('base64')}`)), json(PNG2.toString('base64')))],
      ['tag', asJson(shortText)],
      ['description', asJson(shortText)],
      ['position', asJson(fc.integer({ min: 0, max: 100_000 }))],
      ['type', json('hero', 'featured', 'article', 'articleBottom')],
      ['content', asJson(fc.record({ summary: fc.array(fc.record({ title: shortText, text: shortText }), { maxLength: 2 }), body: fc.array(section, { maxLength: 2 }) }))],
      ['meta', asJson(fc.record({ author: shortText, date: shortText, reviewer: shortText, readTime: shortText }, { requiredKeys: [] }))],
      ['related_studies', asJson(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 3 }))],
    ]
  }
  if (p === '/api/clicks')
    return [
      ['clickid', fc.oneof(asJson(fc.uuid()), json(w.clickId)), true],
      ['brandId', json(...w.ids.brands), true],
      ['timestamp', json('2026-06-11T12:00:00.000Z', '2026-06-11T14:00:00+02:00'), true],
      ['userId', fc.oneof(json(null), asJson(shortText))],
      ['user_agent', fc.oneof(json(null), asJson(shortText))],
      ['gaid', json(null, '38400000-8cf0-11bd-b23e-10b96e40000d')],
      ['customParams', json([{ key: 'src', value: 'fuzz' }], { src: 'fuzz' }, [])],
    ]
  if (p === '/api/track/brand-view') return [['brandId', json(...w.ids.brands), true]]
  if (p === '/api/site-settings/disclosure') return [['text', asJson(someText), true]]
  if (p.startsWith('/api/info-pages')) {
    // Markdown with the syntax and the tricks the page must survive
    const body = fc.oneof(asJson(shortText), json('## Heading\n\n*em* **strong** `code`\n\n- a\n- b', '[x](javascript:alert(1)) <script>x</script>', '> quote\n\n```\ncode\n```', ''))
    if (p === '/api/info-pages/preview') return [['body', body, true]]
    return [
      ...(route.method === 'POST' ? ([['slug', fc.oneof(json(...w.ids.infoPages), asJson(fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}$/))), true]] as Field[]) : []),
      ['title', asJson(someText), true],
      ['body', body, true],
      ['seoTitle', asJson(shortText)],
      ['seoDescription', asJson(shortText)],
    ]
  }
  if (p === '/api/postback') return postbackFields(w).map(([n, v, r]) => [n, v.map((s) => JSON.stringify(s)), r])
  return []
}

function postbackFields(w: FuzzWorld): Field[] {
  const alias = (field: string) => DEFAULT_ALIASES[field][0]
  return [
    [alias('key'), fc.constant(w.postbackSecret), true],
    [alias('click_id'), fc.constant(w.clickId), true],
    [alias('goal'), goal, true],
    [alias('payout'), payout],
    [alias('currency'), fc.constantFrom('USD', 'eur', 'GBP')],
    [alias('txn_id'), fc.constantFrom('t1', 't2', '')],
    [alias('status'), fc.constantFrom('approved', 'pending', 'rejected')],
  ]
}

/** A postback's parameters as raw text (query string or form body), valid with a few mutations. */
export const postbackEntries = (w: FuzzWorld) => mutated(entriesOf(postbackFields(w)), Object.values(DEFAULT_ALIASES).flat(), queryValue)

/** A JSON body for the route: usually valid with a few mutations; sometimes only the right names; sometimes anything. */
export function jsonEntries(route: DeclaredRoute, w: FuzzWorld): fc.Arbitrary<Entries> | null {
  const fields = jsonFields(route, w)
  if (!fields.length) return null
  return mutated(entriesOf(fields), fields.map(([n]) => n), junkJson)
}

/** Valid query parameters for the route (raw text), with a few mutations. */
export function queryEntries(route: DeclaredRoute, w: FuzzWorld): fc.Arbitrary<Entries> {
  const p = route.path
  const fields: Field[] =
    p === '/api/posts/fluximg' ? [['query', fc.constantFrom('game', 'rtp', 'poker casino', '')], ['per_page', fc.constantFrom('1', '6', '30')], ['page', fc.constantFrom('1', '2', '1000')]]
    : p.startsWith('/api/reports/') ? [['from', day], ['to', day]]
    : p === '/api/posts/list' ? [['type', fc.constantFrom('article', 'articleBottom', 'hero', 'featured'), true], ['title', fc.oneof(shortText, fc.constantFrom('rtp', '%', '_', 'RTP'))], ['limit', fc.constantFrom('1', '20', '100')], ['cursor', fc.oneof(shortText, fc.constantFrom('WzEsIjIwMjYtMDEtMDFUMDA6MDA6MDAuMDAwWiIsImEiXQ'))]]
    : p === '/api/posts/blog-content' ? [['limit', fc.constantFrom('1', '6', '50', '100')], ['cursor', fc.oneof(shortText, fc.constantFrom('WzEsIjIwMjYtMDEtMDFUMDA6MDA6MDAuMDAwWiIsImEiXQ'))]]
    : p.startsWith('/go/') ? [['gaid', fc.constantFrom('38400000-8cf0-11bd-b23e-10b96e40000d', '')], ['sub1', shortText], ['sub5', shortText]]
    : p === '/api/postback' && route.method === 'GET' ? postbackFields(w)
    : []
  const names = [...fields.map(([n]) => n), ...(route.rule.query ?? []), 'utm_source', ...(p === '/api/postback' ? Object.values(DEFAULT_ALIASES).flat() : [])]
  return mutated(entriesOf(fields), names, queryValue)
}

// the brand form's fields (server/brands/admin.ts)
const BRAND_JSON = ['type', 'position', 'customParams', 'promoTable', 'promoTables', 'timelines', 'highlights', 'sections', 'dealBox']
const BRAND_TEXT = ['brandName', 'campaignType', 'tagline', 'offerHighlight', 'bonusOffer', 'bonusCondition', 'termsSummary', 'termsUrl', 'rating', 'logoCdnUrl', 'bannerCdnUrl']
const BRAND_FLAGS = ['enableClickId', 'enableGaid', 'enableUserAgent', 'enableCustomParams']
export const BRAND_FIELDS = [...BRAND_TEXT, ...BRAND_JSON, 'geo', ...BRAND_FLAGS, 'logo', 'bannerImage']

export type Part = { name: string; filename?: string; type?: string; data: string | Uint8Array }

/** The brand admin's multipart form, valid, then mutated; image files real or junk. */
export function brandFormParts(w: FuzzWorld): fc.Arbitrary<Part[]> {
  const fields: Field[] = [
    ['brandName', someText, true],
    ['campaignType', fc.constantFrom('Web - Sale', 'App - Install', 'web - lead', 'App - Register'), true],
    ['rating', fc.constantFrom('4.3', '0', '5', '')],
    ['tagline', shortText],
    ['offerHighlight', shortText],
    ['bonusOffer', shortText],
    ['bonusCondition', shortText],
    ['termsSummary', shortText],
    ['termsUrl', fc.constantFrom('', 'https://op.example/terms', 'http://op.example/t?x=1')],
    ['type', json(['typeNew'], ['typePopular', 'typeCrypto'], [])],
    ['position', json(['PositionPopular'], [])],
    ['geo', json({ allow: ['GB'] }, { deny: ['us', 'FR'] }, {})], // compliance: where the brand may be shown
    ['customParams', json([{ key: 'src', value: 'gw' }], { a: 'b' }, [])],
    ['promoTable', json({ heading: 'W', columns: ['A', 'B'], rows: [{ col1: '1', col2: '2' }] }, null)],
    ['timelines', json([{ label: 'Payout', value: '24', unit: 'hours' }])],
    ['highlights', json([{ title: 'Games', value: '500' }])],
    ['sections', json([{ type: 'faq', content: [{ q: 'Q?', a: 'A.' }] }, { type: 'terms', content: ['18+'] }], [{ type: 'text', content: 'x' }])],
    ['dealBox', json({ ctaLabel: 'Play', ctaUrl: 'https://fuzz.example/go' }, { buttonLabel: 'Go', buttonUrl: '/go/x' }, {})],
    ['logoCdnUrl', fc.constantFrom('', 'https://cdn.example/logo.png', '/demo/brands/ns.svg')],
    ['enableClickId', fc.constantFrom('true', 'false', 'on', '1')],
    ['enableCustomParams', fc.constantFrom('true', 'false')],
  ]
  const junk = fc.oneof(junkString, junkJson, fc.constantFrom('true', 'yes', '-1', 'NaN', '1e308', 'App - Nope', w.ids.brands[0]))
  const text = mutated(entriesOf(fields), BRAND_FIELDS.filter((n) => n !== 'logo' && n !== 'bannerImage'), junk).map((e) => e.map(([name, data]): Part => ({ name, data })))
  // a PNG with a few bytes after its end: still a PNG, and usually bytes the store has not seen (so saving it stores them)
  const png = fc.tuple(fc.constantFrom(PNG, PNG2), fc.uint8Array({ maxLength: 6 })).map(([b, tail]): Uint8Array => Buffer.concat([b, tail]))
  const image = (slot: fc.Arbitrary<string>) => fc.record({ name: slot, filename: fc.constantFrom('logo.png', 'banner.png', 'x'), type: fc.constantFrom('image/png', ''), data: png })
  // a slot whose bytes or declared type the server must refuse
  const badImage = (slot: fc.Arbitrary<string>) => fc.record({ name: slot, filename: fileNames, type: fileTypes, data: fileBytes })
  const slot = fc.constantFrom('logo', 'bannerImage')
  const junkFile = fc.record({ name: fc.oneof(fc.constantFrom(...BRAND_FIELDS), headerText), filename: fileNames, type: fileTypes, data: fileBytes })
  const files = fc.oneof(
    { arbitrary: fc.array(image(slot), { maxLength: 2 }), weight: 3 },
    // the logo is stored, then the banner is refused: nothing may stay behind
    { arbitrary: fc.tuple(image(fc.constant('logo')), badImage(fc.constant('bannerImage'))), weight: 2 },
    { arbitrary: fc.array(fc.oneof({ arbitrary: image(slot), weight: 3 }, { arbitrary: badImage(slot), weight: 2 }, { arbitrary: junkFile, weight: 1 }), { minLength: 1, maxLength: 3 }), weight: 2 },
  )
  return fc.tuple(text, files).map(([a, b]) => [...a, ...b])
}
