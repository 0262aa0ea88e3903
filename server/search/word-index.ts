import { distance } from 'fastest-levenshtein'

/**
 * Typo-tolerant word matching for search (decision 019): how many typos a word allows, how a typed term
 * scores against a word, and an index of a vocabulary's words (sorted, with their deletion hashes) that
 * finds a term's matches without trying every word.
 */

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
export function best(term: string, words: Iterable<string>, fuzzy: boolean): number {
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
export function lowerBound<V extends string | number>(sorted: ArrayLike<V>, value: V): number {
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
