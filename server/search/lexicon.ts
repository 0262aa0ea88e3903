import type { OfferWindow } from '../../lib/offer-lifecycle.ts'
import { distance } from 'fastest-levenshtein'
import type { GeoRule } from '../../lib/geo.ts'
import type { BrandOffer } from '../../lib/schemas.ts'
import { foldWord, WORD } from '../../lib/search.ts'
import { tagPath } from '../../lib/tag-path.ts'

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
export type LexiconTag = { name: string; href: string; words: string[]; joined: string }
/** `text`: the words one space apart, with a space either side (" rtp explained "): a word start is one `includes` */
export type LexiconTitle = { id: string; title: string; words: string[]; text: string }
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

export function buildLexicon(input: { brands: readonly BrandSource[]; tags: readonly string[]; titles: readonly { _id: string; title: string }[] }): Lexicon {
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
  const tags = input.tags.map((name): LexiconTag => {
    const words = wordsOf(name)
    count(words)
    return { name, href: tagPath(name), words, joined: words.join('') }
  })
  const titles = input.titles.slice(0, TITLES_KEPT).map((t): LexiconTitle => {
    const words = wordsOf(t.title)
    count(words)
    return { id: t._id, title: t.title, words, text: ` ${words.join(' ')} ` }
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

/**
 * How many typos a word may carry and still match: none under 4 letters (too many words are one edit
 * apart), one for 4–6, two from 7 ("nova spns": spns → spins; "wagerng" → wagering).
 */
export const typosAllowed = (word: string) => (word.length < 4 ? 0 : word.length < 7 ? 1 : 2)

/**
 * How well a query term matches a word: 1 the same, 0.8 a word start (2 letters or more: "nov" →
 * nova), 0.6 within `typosAllowed` edits (whole word, or the word's start as long as the term, for
 * a misspelt start: "novs" → nova), else 0.
 */
export function termScore(term: string, word: string, opts: { fuzzy: boolean }): number {
  if (term === word) return 1
  if (term.length >= 2 && word.startsWith(term)) return 0.8
  if (!opts.fuzzy) return 0
  const typos = typosAllowed(term)
  if (!typos || Math.abs(word.length - term.length) > typos) {
    // a misspelt start of a longer word ("spinz" of "spinzone") is still a start
    return typos && word.length > term.length && oneSubstitutionAtMost(term, word) ? 0.5 : 0
  }
  return distance(term, word) <= typos ? 0.6 : 0
}

/**
 * Is `term` within one edit of `word`'s start of the same length? Between strings of one length a
 * single edit is a substitution (an insertion needs a deletion too), so this counts differing letters,
 * stopping at the second: no edit-distance call for the many words it is asked about.
 */
function oneSubstitutionAtMost(term: string, word: string): boolean {
  let differ = 0
  for (let i = 0; i < term.length; i++) if (term.charCodeAt(i) !== word.charCodeAt(i) && ++differ > 1) return false
  return true
}

/** The best score of `term` against any of `words`. */
function best(term: string, words: Iterable<string>, fuzzy: boolean): number {
  let top = 0
  for (const w of words) {
    const s = termScore(term, w, { fuzzy })
    if (s > top) top = s
    if (top === 1) break
  }
  return top
}

/**
 * Words indexed so a term finds the words it scores against without trying each (`scoreTerms`): sorted
 * (a word start is a range), by length, and by every string left after deleting one or two of their
 * letters. Two words are within k edits only if deleting at most k letters from each leaves the same
 * string (a substitution is a deletion from both, an insertion one from the longer), so a term's own
 * deletions find every word within its typos — the "symmetric delete" of spelling correctors (SymSpell).
 */
export type WordIndex = {
  sorted: string[]
  has: Set<string>
  byLength: Map<number, string[]>
  /**
   * The deletions of every word, as a sorted list of (hash of what is left, word) pairs: about 35 a word,
   * so 8 bytes each rather than a string and a map entry (a hash two strings share only adds a
   * candidate, which its edit distance then turns down).
   */
  deletionHashes: Uint32Array
  deletionWords: Uint32Array
}

/** `word` with any `upTo` (1 or 2) of its letters deleted, each result once, the word itself included. */
function deletionsOf(word: string, upTo: number): Set<string> {
  const out = new Set([word])
  let last = [word]
  for (let k = 0; k < upTo; k++) {
    const next: string[] = []
    for (const w of last) {
      for (let i = 0; i < w.length; i++) {
        const d = w.slice(0, i) + w.slice(i + 1)
        if (!out.has(d)) out.add(d), next.push(d)
      }
    }
    last = next
  }
  return out
}

/** FNV-1a, 32 bits. */
function hash(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return h >>> 0
}

export function indexWords(words: readonly string[]): WordIndex {
  const sorted = [...new Set(words)].sort()
  const byLength = new Map<number, string[]>()
  const hashes: number[] = []
  const owners: number[] = []
  sorted.forEach((w, i) => {
    ;(byLength.get(w.length) ?? byLength.set(w.length, []).get(w.length)!).push(w)
    // two deletions: the most typos a term may carry (typosAllowed)
    for (const d of deletionsOf(w, 2)) hashes.push(hash(d)), owners.push(i)
  })
  const order = Uint32Array.from(hashes.keys()).sort((a, b) => hashes[a]! - hashes[b]! || a - b)
  return {
    sorted,
    has: new Set(sorted),
    byLength,
    deletionHashes: Uint32Array.from(order, (k) => hashes[k]!),
    deletionWords: Uint32Array.from(order, (k) => owners[k]!),
  }
}

/**
 * Each term's (fuzzy) score against each of `words` that it matches at all, worked out once per query: a
 * thousand brands share a few thousand words, so scoring the words once and the brands by lookup costs
 * one pass per word instead of one per word per brand. With a `WordIndex` (the lexicon's brand words)
 * each term looks up the words it can score against instead of trying every word: the same scores as
 * `termScore` gives each word (lexicon.test.ts checks both ways agree), at a fraction of the edit
 * distances (`bun bench/search.ts`).
 */
export type TermScores = Map<string, number>[]
export function scoreTerms(terms: readonly string[], words: Iterable<string> | WordIndex): TermScores {
  if (isWordIndex(words)) return terms.map((t) => scoreIndexed(t, words))
  const out = terms.map(() => new Map<string, number>())
  for (const w of words) {
    for (let i = 0; i < terms.length; i++) {
      const s = termScore(terms[i]!, w, { fuzzy: true })
      if (s) out[i]!.set(w, s)
    }
  }
  return out
}

/** The first index of a sorted list whose value is not below `value` (the list's length when none is). */
function lowerBound<V extends string | number>(sorted: ArrayLike<V>, value: V): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! < value) lo = mid + 1
    else hi = mid
  }
  return lo
}

const isWordIndex = (w: Iterable<string> | WordIndex): w is WordIndex => (w as WordIndex).deletionHashes instanceof Uint32Array

/** `termScore(term, w, { fuzzy: true })` for every indexed word it is not 0 for, found from the index. */
function scoreIndexed(term: string, index: WordIndex): Map<string, number> {
  const out = new Map<string, number>()
  if (index.has.has(term)) out.set(term, 1)
  if (term.length >= 2) {
    // the words it starts (0.8): a range of the sorted words
    const { sorted } = index
    for (let i = lowerBound(sorted, term); i < sorted.length && sorted[i]!.startsWith(term); i++) if (sorted[i] !== term) out.set(sorted[i]!, 0.8)
  }
  const typos = typosAllowed(term)
  if (!typos) return out
  // within `typos` edits, its length within `typos` of the term's (0.6): found by the term's deletions
  const { deletionHashes: keys, deletionWords: owners, sorted } = index
  const tried = new Set<number>()
  for (const d of deletionsOf(term, typos)) {
    const h = hash(d)
    for (let i = lowerBound(keys, h); i < keys.length && keys[i] === h; i++) {
      const k = owners[i]!
      const w = sorted[k]!
      if (tried.has(k) || out.has(w) || Math.abs(w.length - term.length) > typos) continue
      tried.add(k)
      if (distance(term, w) <= typos) out.set(w, 0.6)
    }
  }
  // longer by more than `typos`, starting with the term but for one letter (0.5)
  for (const [length, list] of index.byLength) {
    if (length <= term.length + typos) continue
    for (const w of list) if (!out.has(w) && oneSubstitutionAtMost(term, w)) out.set(w, 0.5)
  }
  return out
}

/** The query as one word ("nova spns" → "novaspns"): reaches names whose words it runs together or misspells. */
const joinedScore = (terms: readonly string[], joined: string) => joinedScoreOf(terms.join(''), joined)
/** `joinedScore` with the query already run together (`q`): brandCandidates asks for every brand. */
const joinedScoreOf = (q: string, joined: string) => {
  if (!joined) return 0
  if (q === joined) return 1
  if (q.length >= 3 && joined.startsWith(q)) return 0.8
  const typos = typosAllowed(joined)
  // lengths further apart than the typos allowed are further apart in edits too: no distance to work out
  return q.length >= 4 && Math.abs(q.length - joined.length) <= typos && distance(q, joined) <= typos ? 0.6 : 0
}

/**
 * A brand's relevance to the query terms (0: no match). It matches when the query names it — its whole
 * name, as words or run together, exact, by its start or with a typo or two ("nova spns", "novaspins",
 * "nov"), even beside other words ("nova spins review") — or when every term is found in its name,
 * tagline, type tags or facts. A name outranks the rest.
 */
export function brandScore(terms: readonly string[], brand: LexiconBrand, scores: TermScores = scoreTerms(terms, [...brand.name, ...brand.other])): number {
  if (!terms.length) return 0
  const joined = joinedScore(terms, brand.joined)
  if (joined) return 10 * joined
  // (short terms match only exactly or as word starts: typosAllowed gives them none)
  const bestOf = (i: number, words: Iterable<string>) => {
    let top = 0
    for (const w of words) top = Math.max(top, scores[i]!.get(w) ?? 0)
    return top
  }
  // the name covered: each of its words matched by a term
  const nameHit = brand.name.length > 0 && brand.name.every((w) => scores.some((m) => m.has(w)))
  let sum = 0
  for (let i = 0; i < terms.length; i++) {
    const s = Math.max(bestOf(i, brand.name) * 3, bestOf(i, brand.other))
    if (!s && !nameHit) return 0
    sum += s
  }
  return (nameHit ? 5 : 0) + sum / terms.length
}

/** A tag's relevance (0: none): its name as words or run together, exact, by its start or with typos. */
export function tagScore(terms: readonly string[], tag: LexiconTag): number {
  if (!terms.length) return 0
  const joined = joinedScore(terms, tag.joined)
  if (joined) return 2 * joined
  let sum = 0
  for (const t of terms) {
    const s = best(t, tag.words, true)
    if (!s) return 0
    sum += s
  }
  return sum / terms.length
}

/** Does a title hold every term (each as a word or a word's start)? Suggestions only: no typos. */
export function titleMatches(terms: readonly string[], title: LexiconTitle): boolean {
  return terms.every((t) => title.text.includes(t.length >= 2 ? ` ${t}` : ` ${t} `))
}

/**
 * The newest titles holding every term (each as a word, or from 2 letters a word's start), at most
 * `limit`: the term found in the fewest titles picks the candidates from the word index (a word start
 * is a range of the sorted words), and only those are checked against the other terms. A query no
 * title matches costs a few binary searches, not a pass over 10,000 titles.
 */
export function titlesMatching(terms: readonly string[], lexicon: Lexicon, limit: number): LexiconTitle[] {
  if (!terms.length || limit <= 0) return []
  let fewest: number[] | null = null
  for (const t of terms) {
    const ids = titlesWith(t, lexicon)
    if (!fewest || ids.length < fewest.length) fewest = ids
    if (!fewest.length) return []
  }
  const out: LexiconTitle[] = []
  for (const i of fewest!) {
    const title = lexicon.titles[i]!
    if (titleMatches(terms, title) && out.push(title) >= limit) break
  }
  return out
}

/** The titles (indices, ascending: newest first) holding `term` as a word, or from 2 letters as a word's start. */
function titlesWith(term: string, lexicon: Lexicon): number[] {
  if (term.length < 2) return lexicon.titlesByWord.get(term) ?? []
  const words = lexicon.titleWords
  const lists: number[][] = []
  for (let i = lowerBound(words, term); i < words.length && words[i]!.startsWith(term); i++) lists.push(lexicon.titlesByWord.get(words[i]!)!)
  if (lists.length <= 1) return lists[0] ?? []
  const marks = new Uint8Array(lexicon.titles.length)
  for (const list of lists) for (const id of list) marks[id] = 1
  const ids: number[] = []
  for (let id = 0; id < marks.length; id++) if (marks[id]) ids.push(id)
  return ids
}

/**
 * The brands worth scoring for a query, in editorial order: those holding a word some term matches
 * (`scores`, from `scoreTerms` over `brandWords`), and those whose name the query runs together or
 * misspells as one word. Every other brand scores 0: a thousand brands cost a few lookups, not a
 * thousand scorings.
 */
export function brandCandidates(terms: readonly string[], lexicon: Lexicon, scores: TermScores): LexiconBrand[] {
  const picked = new Set<number>()
  for (const m of scores) for (const w of m.keys()) for (const i of lexicon.brandsByWord.get(w) ?? []) picked.add(i)
  const q = terms.join('')
  lexicon.brands.forEach((b, i) => {
    if (!picked.has(i) && joinedScoreOf(q, b.joined) > 0) picked.add(i)
  })
  return [...picked].sort((a, b) => a - b).map((i) => lexicon.brands[i]!)
}

/**
 * Every brand that scores for the terms, in editorial order, with `brandScore`'s score (lexicon.test.ts
 * checks they agree), worked out from the word index rather than brand by brand: each word a term
 * matches (`scores`) marks the brands holding it, so a query whose words are in most brands' taglines
 * (a common word, a 2-letter start) costs one pass over those words' brands instead of `brandScore`
 * going through every candidate's words for every term (4-11 ms at 1,000 brands).
 */
export function scoreBrands(terms: readonly string[], lexicon: Lexicon, scores: TermScores): { brand: LexiconBrand; score: number }[] {
  if (!terms.length) return []
  const { brands, brandsByWord } = lexicon
  // per term and brand, its best score among the brand's name words, and among its other words
  const inName = terms.map(() => new Float64Array(brands.length))
  const inOther = terms.map(() => new Float64Array(brands.length))
  const matched = new Set<string>()
  const touched = new Uint8Array(brands.length)
  scores.forEach((m, i) => {
    for (const [w, s] of m) {
      matched.add(w)
      for (const b of brandsByWord.get(w) ?? []) {
        touched[b] = 1
        const brand = brands[b]!
        if (brand.name.includes(w) && s > inName[i]![b]!) inName[i]![b] = s
        if (brand.other.has(w) && s > inOther[i]![b]!) inOther[i]![b] = s
      }
    }
  })
  const q = terms.join('')
  const out: { brand: LexiconBrand; score: number }[] = []
  brands.forEach((brand, b) => {
    const joined = joinedScoreOf(q, brand.joined)
    if (joined) return void out.push({ brand, score: 10 * joined })
    if (!touched[b]) return // none of its words matched: it scores 0
    const nameHit = brand.name.length > 0 && brand.name.every((w) => matched.has(w))
    let sum = 0
    for (let i = 0; i < terms.length; i++) {
      const s = Math.max(inName[i]![b]! * 3, inOther[i]![b]!)
      if (!s && !nameHit) return
      sum += s
    }
    const score = (nameHit ? 5 : 0) + sum / terms.length
    if (score > 0) out.push({ brand, score })
  })
  return out
}

/**
 * The nearest known spelling of each term not in the vocabulary (within `typosAllowed`; the more
 * frequent word on a tie), or null when nothing would change. A query that runs a brand's or tag's
 * words together ("novaspins") becomes its name.
 */
export function correctTerms(terms: readonly string[], lexicon: Lexicon): string[] | null {
  if (!terms.length) return null
  const q = terms.join('')
  for (const named of [...lexicon.brands.map((b) => ({ words: b.name, joined: b.joined })), ...lexicon.tags]) {
    if (named.words.length > 1 && named.joined.length >= 4 && (q === named.joined || distance(q, named.joined) <= typosAllowed(named.joined))) return named.words
  }
  let changed = false
  const out = terms.map((t) => {
    if (lexicon.vocabulary.has(t)) return t
    const typos = typosAllowed(t)
    let found: string | null = null
    let foundDistance = Number.POSITIVE_INFINITY
    let foundCount = 0
    for (let len = t.length - typos; len <= t.length + typos; len++) {
      for (const w of lexicon.byLength.get(len) ?? []) {
        const d = distance(t, w)
        if (d > typos) continue
        const n = lexicon.vocabulary.get(w)!
        if (d < foundDistance || (d === foundDistance && n > foundCount)) {
          found = w
          foundDistance = d
          foundCount = n
        }
      }
    }
    if (found === null) return t
    changed = true
    return found
  })
  return changed ? out : null
}
