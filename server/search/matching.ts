import { distance } from 'fastest-levenshtein'
import type { Lexicon, LexiconBrand, LexiconTag, LexiconTitle } from './lexicon.ts'
import { best, lowerBound, scoreTerms, type TermScores, termScore, typosAllowed } from './word-index.ts'

/** What a query's terms match in the lexicon (./lexicon.ts): brands, tags and titles, scored, and spelling corrections. */

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
/** `inMarket`: only titles of posts a market lists (absent: every title). */
export function titlesMatching(terms: readonly string[], lexicon: Lexicon, limit: number, inMarket?: (marketKey: string | undefined) => boolean): LexiconTitle[] {
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
    if ((!inMarket || inMarket(title.marketKey)) && titleMatches(terms, title) && out.push(title) >= limit) break
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
