import type { Database } from 'bun:sqlite'
import type { Filter, TextIndexSpec } from '../port.ts'
import { foldWord } from '../../lib/search.ts'
import { fieldColumn, type Param, type Sql } from './filter.ts'

/** A last search term this long or longer is matched as the whole words it starts (`textParts`)… */
const WORD_START_MIN = 4
/** …when the index holds at most this many of them. */
const COMPLETIONS_MAX = 32

/** A text index as the store keeps it: its fields and weights, and the index fields its keys table holds (in column order). */
export type TextIndex = TextIndexSpec & { keys: string[] }

/** What a text search needs of its collection (SqliteCollection is one). */
export interface TextTarget {
  readonly db: Database
  readonly name: string
  textIndex(): TextIndex | undefined
  /** The conditions of `filter` as SQL, its fields named by `column`. */
  toSql(filter: Filter, column: (field: string) => string): Sql
}

/**
 * One term of a search as FTS5 MATCH text. `common`: every word the part stands for is in at least half
 * the indexed documents, where bm25 gives a word no weight (FTS5 floors its IDF at 1e-6), so ranking may
 * leave it out (TextRanking `commonWords`). `rank`: what to rank the part by instead of `match` when a
 * last word typed in full also starts other words (TextRanking `typedLastWord`): bm25 reads the whole list
 * of every word it ranks, and 15-30 completions made those searches the slowest.
 */
export type TextPart = {
  match: string
  common: boolean
  rank?: string
  /** the largest share of the indexed documents holding one of the words the part stands for (0–1): a lower bound of its own */
  share: number
  /** the words it stands for, as typed or found in the word list; a word start read from the prefix index has `start` instead */
  words: string[]
  start?: string
}

/**
 * The parts of a search's FTS5 MATCH text, one per term, all required: each term quoted (no query
 * syntax gets through), the last also as a word start unless it is a single character (a one-letter
 * prefix matches most of the vocabulary). A last term of `WORD_START_MIN` letters or more (ASCII, so
 * one FTS5 token) is matched as the index's words it starts, when there are at most
 * `COMPLETIONS_MAX`, `("bank" OR "banks" OR "bankroll")`: FTS5 answers a prefix with no prefix index
 * by merging every such word's list before the first row, and bm25 merges them again for its
 * document frequency, where an OR reads each list as it goes (bench/search.ts at 100,000 articles: p99
 * of the text query 31 → 17 ms). In ranking each of those words then counts as a word of the query
 * (bm25 sums them) rather than all of them as one. Shorter starts read FTS5's prefix index (2 and 3
 * letters); longer ones with more completions, or not ASCII, stay one prefix.
 */
export function textParts(db: Database, collection: string, terms: readonly string[]): TextPart[] {
  const words = `"${collection}__textwords"`
  const rows = db.query<{ rows: number }, [string]>(`SELECT rows FROM "__text_versions" WHERE name = ?`).get(collection)?.rows ?? 0
  const common = (n: number | undefined) => n !== undefined && n * 2 >= rows
  const share = (n: number | undefined) => (rows > 0 && n ? n / rows : 0)
  // the word as FTS5 folds it (unicode61, diacritics removed), to find it in the word list
  const count = (word: string) => db.query<{ n: number }, [string]>(`SELECT n FROM ${words} WHERE word = ?`).get(foldWord(word))?.n
  const quote = (t: string) => `"${t.replaceAll('"', '""')}"`
  const parts: TextPart[] = terms.map((t) => {
    const n = count(t)
    return { match: quote(t), common: common(n), share: share(n), words: [t] }
  })
  const last = terms[terms.length - 1]
  if (!parts.length || [...last].length < 2) return parts
  // every string starting with an ASCII `last` sorts in [last, last with its final letter's successor)
  const ascii = /^[a-z0-9]+$/.test(last)
  const end = last.slice(0, -1) + String.fromCharCode(last.charCodeAt(last.length - 1) + 1)
  if (ascii && last.length >= WORD_START_MIN) {
    const found = db.query<{ word: string; n: number }, [string, string]>(`SELECT word, n FROM ${words} WHERE word >= ? AND word < ? LIMIT ${COMPLETIONS_MAX + 1}`).all(last, end)
    if (found.length && found.length <= COMPLETIONS_MAX) {
      const match = found.length === 1 ? quote(found[0].word) : `(${found.map((w) => quote(w.word)).join(' OR ')})`
      const typed = found.length > 1 ? found.find((w) => w.word === last) : undefined
      const most = share(Math.max(...found.map((w) => w.n)))
      const words = found.map((w) => w.word)
      parts[parts.length - 1] = typed ? { match, common: common(typed.n), rank: quote(last), share: most, words } : { match, common: found.every((w) => common(w.n)), share: most, words }
      return parts
    }
    // none: the prefix below finds nothing either, at once
  }
  // a prefix is in at least as many documents as any word it starts
  const most = ascii ? (db.query<{ n: number | null }, [string, string]>(`SELECT max(n) AS n FROM ${words} WHERE word >= ? AND word < ?`).get(last, end)?.n ?? 0) : 0
  parts[parts.length - 1] = { match: `${quote(last)}*`, common: common(most || undefined), share: share(most), words: [], start: last }
  return parts
}

/**
 * The FROM … WHERE of a text search: the FTS5 index, joined to the text keys (the declared index
 * fields' values, a small row per document) for conditions on those fields, and to the collection's
 * own table only for `_id` (read without its document) or a field declared after the text index.
 */
export function textSql(t: TextTarget, terms: readonly string[], filter: Filter) {
  const spec = t.textIndex()
  if (!spec) throw new Error(`no text index on ${t.name}`)
  const fts = `"${t.name}__text"` // FTS5 wants its own name, not an alias, in MATCH and bm25()
  let joinsKeys = false
  let joinsRow = false
  const sql = t.toSql(filter, (field) => {
    const k = spec.keys.indexOf(field)
    if (k >= 0) {
      joinsKeys = true
      return `k.k${k}`
    }
    joinsRow = true
    return fieldColumn(field, 'r.')
  })
  if (!sql.complete) throw new Error(`a text search filter on ${t.name} may only use _id and index fields`)
  // CROSS JOIN keeps the FTS5 table the outer loop, where bm25() can run, whatever the planner estimates
  const joins = (joinsKeys ? ` CROSS JOIN "${t.name}__textkeys" k ON k.rowid = ${fts}.rowid` : '') + (joinsRow ? ` CROSS JOIN "${t.name}" r ON r.rowid = ${fts}.rowid` : '')
  const where = [`${fts} MATCH ?`, ...sql.where].join(' AND ')
  const parts = textParts(t.db, t.name, terms)
  return { spec, fts, from: `${fts}${joins} WHERE ${where}`, parts, params: [parts.map((p) => p.match).join(' AND '), ...sql.params] as Param[] }
}
