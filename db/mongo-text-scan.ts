import { Query } from 'mingo'
import type { Doc, Filter, TextHit, TextIndexSpec } from './port.ts'

/**
 * Text search where the server has no text index: FerretDB 1.x (no text indexes, no `$text`). The
 * matching documents are read with the filter (which only names `_id` and index fields) and searched
 * here, as SQLite's FTS5 index searches them: words split and folded as its `unicode61
 * remove_diacritics 2` tokenizer does, every term a whole word, the last one (two characters or more)
 * also a word start, ranked by FTS5's bm25 with the fields' weights. Every search reads every document
 * the filter leaves: fine for the FerretDB a test or a small site runs on, never what MongoDB does
 * (`$text` and its index there). docs/mongodb.md says so.
 */

/** A text's words as FTS5's unicode61 tokenizer with remove_diacritics 2 makes them: letters and digits, folded. */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/** The text at a path (`[]` crosses a list, as the port's TextIndexSpec says), all pieces joined. */
export function textAt(doc: unknown, path: string): string {
  const segments = path.split('[]').map((s) => s.replace(/^\./, ''))
  const get = (v: unknown, dotted: string) => (dotted ? dotted.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>)[k] : undefined), v) : v)
  const out: string[] = []
  const walk = (v: unknown, i: number) => {
    const value = get(v, segments[i])
    if (i < segments.length - 1) {
      if (Array.isArray(value)) for (const x of value) walk(x, i + 1)
    } else if (typeof value === 'string' || typeof value === 'number') out.push(String(value))
    else if (Array.isArray(value)) for (const x of value) if (typeof x === 'string') out.push(x) // a list of words ("tags")
  }
  walk(doc, 0)
  return out.join(' ')
}

/** A search term folded as the tokenizer folds words. */
const fold = (term: string) => words(term).join(' ')

type Indexed<T> = { doc: T; fields: string[][]; length: number }

/** As SQLite's text search (db/sqlite/text-match.ts): a last term this long or longer is matched as the whole words it starts… */
const WORD_START_MIN = 4
/** …when the collection holds at most this many. */
const COMPLETIONS_MAX = 32

/**
 * The documents of `docs` holding every term, best first, then by `_id`: bm25 weighs each word by how
 * many documents of the whole collection (`corpus`, which holds `docs`) hold it, and each document's
 * length against their mean.
 */
export function rankText<T extends Doc>(docs: T[], spec: TextIndexSpec, query: readonly string[], corpus: T[] = docs): TextHit<T>[] {
  const terms = query.map(fold).filter(Boolean)
  if (!terms.length) return []
  const paths = Object.keys(spec.fields)
  const weights = Object.values(spec.fields)
  const index = (doc: T): Indexed<T> => {
    const fields = paths.map((p) => words(textAt(doc, p)))
    return { doc, fields, length: fields.reduce((n, f) => n + f.length, 0) }
  }
  const all = corpus.map(index)
  const wanted = new Set(docs.map((d) => d._id))
  const meanLength = all.length ? all.reduce((n, d) => n + d.length, 0) / all.length : 1
  // the query's phrases, as SQLite builds its MATCH (db/sqlite/text-match.ts textParts): every term a
  // whole word, all required; the last one (2 characters or more) also a word start — of 4 ASCII letters
  // or more, the whole words it starts in the collection, each ranked as a word of its own (one of them required)
  const vocabulary = new Set(all.flatMap((d) => d.fields.flat()))
  const phrases: { test: (w: string) => boolean; group: number }[] = terms.map((t, i) => ({ test: (w: string) => w === t, group: i }))
  const last = terms.length - 1
  const typed = terms[last]
  if ([...typed].length >= 2) {
    const starts = [...vocabulary].filter((w) => w.startsWith(typed))
    phrases.pop()
    if (/^[a-z0-9]+$/.test(typed) && typed.length >= WORD_START_MIN && starts.length <= COMPLETIONS_MAX) for (const w of starts.sort()) phrases.push({ test: (x) => x === w, group: last })
    else phrases.push({ test: (w) => w.startsWith(typed), group: last })
  }
  const holdsPhrase = (d: Indexed<T>, p: (typeof phrases)[number]) => d.fields.some((f) => f.some(p.test))
  const holdsAll = (d: Indexed<T>) => terms.every((_, i) => phrases.some((p) => p.group === i && holdsPhrase(d, p)))
  const hits = all.filter((d) => wanted.has(d.doc._id) && holdsAll(d))
  // FTS5's bm25: k1 1.2, b 0.75, a term's idf from the documents holding it, floored at 1e-6
  const k1 = 1.2
  const b = 0.75
  const idf = phrases.map((p) => {
    const n = all.filter((d) => holdsPhrase(d, p)).length
    return Math.max(Math.log((all.length - n + 0.5) / (n + 0.5)), 1e-6)
  })
  const bm25 = (d: Indexed<T>, w: readonly number[]) =>
    phrases.reduce((sum, p, i) => {
      const freq = d.fields.reduce((f, field, c) => f + (w[c] ? w[c] * field.filter(p.test).length : 0), 0)
      return sum + (idf[i] * freq * (k1 + 1)) / (freq + k1 * (1 - b + (b * d.length) / meanLength))
    }, 0)
  // as SQLite ranks (db/sqlite/text-ranking.ts): bm25 saturates a word's frequency, so the
  // highest-weighted field counts once more on its own, or a body repeating the words outranks a title holding them
  const top = Math.max(...weights)
  const topOnly = weights.map((w) => (w === top ? 1 : 0))
  const score = (d: Indexed<T>) => bm25(d, weights) + bm25(d, topOnly)
  return hits
    .map((d) => ({ doc: d.doc, score: score(d) }))
    .sort((x, y) => y.score - x.score || (x.doc._id < y.doc._id ? -1 : x.doc._id > y.doc._id ? 1 : 0))
}

/** What a scan needs of its collection: the documents a filter leaves. */
export type ScanSource<T> = { find: (filter: Filter) => Promise<T[]> }

/** A text search by scan (`rankText`): every match, ranked. */
export async function scanText<T extends Doc>(source: ScanSource<T>, spec: TextIndexSpec, terms: readonly string[], filter: Filter = {}) {
  if (!terms.map(fold).some(Boolean)) return []
  // one read of the collection: a filtered search still weighs words against all of it, as an index does,
  // and the filter (index fields and _id only) is applied here
  const all = await source.find({})
  const query = new Query(filter)
  return rankText(Object.keys(filter).length ? all.filter((d) => query.test(d)) : all, spec, terms, all)
}
