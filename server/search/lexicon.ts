import type { OfferWindow } from '../../lib/offer-lifecycle.ts'
import type { GeoRule } from '../../lib/geo.ts'
import type { BrandOffer } from '../../lib/schemas.ts'
import { foldWord, WORD } from '../../lib/search.ts'
import { tagPath } from '../../lib/tag-path.ts'
import { indexWords, type WordIndex } from './word-index.ts'

/**
 * What search knows in memory besides the articles' text index (issue 26; decision 019): the live
 * brands, the tags of listed articles and the newest articles' titles, each as folded words. Small
 * (about a thousand brands, a few thousand tags, `TITLES_KEPT` titles), read from the repositories, so
 * brand, tag and title matching, typo tolerance and "Did you mean" answer the same on SQLite and
 * MongoDB. Pure functions over the lexicon: no store, no clock.
 */

/** The newest listed articles whose titles suggestions and spelling corrections draw on. */
export const TITLES_KEPT = 10_000
/** Words kept for spelling corrections, the most frequent first. */
export const VOCABULARY_MAX = 50_000

export type LexiconBrand = {
  offer: BrandOffer
  /** issue 23: what a market's rules read (its licences' regulators, its terms) */
  facts?: { licences?: { regulator: string }[] }
  geo?: GeoRule
  /** when its offer runs (issue 22): outside it the brand is offered nowhere, search included */
  window: OfferWindow
  /** the name's words, folded ("Nova Spins" → nova, spins) */
  name: string[]
  /** the name without spaces ("novaspins"): "novaspins" and "nova spns" both reach it */
  joined: string
  /** the tagline's, type tags' and facts' words */
  other: Set<string>
}
/** `marketKeys`: the markets whose listed posts hold the tag (its archive exists there). */
export type LexiconTag = { name: string; href: string; words: string[]; joined: string; marketKeys?: readonly string[] }
/** `text`: the words one space apart, with a space either side (" rtp explained "): a word start is one `includes` */
/** `marketKey`: the post's market ('*' for every market). */
export type LexiconTitle = { id: string; title: string; words: string[]; text: string; marketKey?: string }
export type Lexicon = {
  /** in editorial order (as the repository lists them: the home page's offers list) */
  brands: LexiconBrand[]
  tags: LexiconTag[]
  /** newest first */
  titles: LexiconTitle[]
  /** every word of the brands' names and other text, once: a query's terms are scored against these once, not per brand */
  brandWords: string[]
  /** the same words indexed for `scoreTerms`: by start, by length and by what is left after one or two letters are deleted */
  brandWordIndex: WordIndex
  /** which brands (their index in `brands`) hold each of those words */
  brandsByWord: Map<string, number[]>
  /** every word of the titles, sorted (a word start is a range), and the titles (their index, newest first) holding each */
  titleWords: string[]
  titlesByWord: Map<string, number[]>
  /** every word above, with how often it occurs, bucketed by length for corrections */
  vocabulary: Map<string, number>
  byLength: Map<number, string[]>
}

/** The folded words of a text, in order, each once. */
export function wordsOf(text: string): string[] {
  const out: string[] = []
  for (const [w] of text.normalize('NFC').matchAll(WORD)) {
    const f = foldWord(w)
    if (f && !out.includes(f)) out.push(f)
  }
  return out
}

/** "typeLiveCasino" → "Live Casino": a brand's type tag as the site shows it. */
export const typeLabel = (type: string) => type.replace(/^type/, '').replace(/([a-z])([A-Z])/g, '$1 $2') || type

export type BrandSource = { offer: BrandOffer; geo?: GeoRule; window?: OfferWindow; highlights?: { title: string; value: string }[]; facts?: { licences?: { regulator: string }[] } }

export function buildLexicon(input: { brands: readonly BrandSource[]; tags: readonly (string | { name: string; marketKeys: readonly string[] })[]; titles: readonly { _id: string; title: string; marketKey?: string }[] }): Lexicon {
  const vocabulary = new Map<string, number>()
  const count = (words: readonly string[]) => {
    for (const w of words) vocabulary.set(w, (vocabulary.get(w) ?? 0) + 1)
  }
  const brands = input.brands.map((b): LexiconBrand => {
    const name = wordsOf(b.offer.brandName)
    // brand facts: the highlights' titles and values ("Min deposit", "£10"), when the brand has them
    const facts = (b.highlights ?? []).flatMap((h) => [h.title, h.value])
    const other = new Set(wordsOf([b.offer.tagline, b.offer.offerHighlight, ...b.offer.type.map(typeLabel), ...facts].join(' ')))
    count(name)
    count([...other])
    return { offer: b.offer, geo: b.geo, window: b.window ?? {}, facts: b.facts, name, joined: name.join(''), other }
  })
  const tags = input.tags.map((tag): LexiconTag => {
    const { name, marketKeys } = typeof tag === 'string' ? { name: tag, marketKeys: undefined } : tag
    const words = wordsOf(name)
    count(words)
    return { name, href: tagPath(name), words, joined: words.join(''), ...(marketKeys ? { marketKeys } : {}) }
  })
  const titles = input.titles.slice(0, TITLES_KEPT).map((t): LexiconTitle => {
    const words = wordsOf(t.title)
    count(words)
    return { id: t._id, title: t.title, words, text: ` ${words.join(' ')} `, ...(t.marketKey ? { marketKey: t.marketKey } : {}) }
  })
  // bounded: a huge archive keeps its most frequent words
  if (vocabulary.size > VOCABULARY_MAX) {
    const keep = [...vocabulary].sort((a, b) => b[1] - a[1]).slice(0, VOCABULARY_MAX)
    vocabulary.clear()
    for (const [w, n] of keep) vocabulary.set(w, n)
  }
  const byLength = new Map<number, string[]>()
  for (const w of vocabulary.keys()) {
    const list = byLength.get(w.length) ?? byLength.set(w.length, []).get(w.length)!
    list.push(w)
  }
  const brandsByWord = new Map<string, number[]>()
  brands.forEach((b, i) => {
    for (const w of new Set([...b.name, ...b.other])) (brandsByWord.get(w) ?? brandsByWord.set(w, []).get(w)!).push(i)
  })
  const titlesByWord = new Map<string, number[]>()
  titles.forEach((t, i) => {
    for (const w of t.words) (titlesByWord.get(w) ?? titlesByWord.set(w, []).get(w)!).push(i)
  })
  const titleWords = [...titlesByWord.keys()].sort()
  const brandWords = [...brandsByWord.keys()]
  return { brands, tags, titles, brandWords, brandWordIndex: indexWords(brandWords), brandsByWord, titleWords, titlesByWord, vocabulary, byLength }
}
