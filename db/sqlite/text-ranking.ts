import type { Database } from 'bun:sqlite'
import { parse as decode } from '../extended-json.ts'
import { type CommonTerms, DEFAULT_TEXT_RANKING, type Filter, type TextHit, type TextPageOptions, type TextRanking, type TextSearchOptions } from '../port.ts'
import { raiseByCommonTerms, splitCommon } from './common-terms.ts'
import type { Param } from './filter.ts'
import { type TextIndex, type TextPart, type TextTarget, textSql } from './text-match.ts'

type Ranked = { id: number; rank: number }
type RankedWindow = { rows: Ranked[]; matched: number }

/**
 * Ranked windows of recent text searches (`textPage`), at most `kept`: page 2 of a search, or the same
 * search for another country's page, reads only its documents. Each is kept with its text index's write
 * count (`__text_versions`, moved by the index's triggers, whoever writes), and is used only while that
 * count has not moved. 0 keeps none.
 */
export class RankedWindows {
  kept = 32
  private windows = new Map<string, RankedWindow & { version: number }>()
  constructor(private db: Database) {}

  /** The ranked window `key` of `collection`'s text index: as kept, while the index is unchanged, else ranked now. */
  get(collection: string, key: string, rank: () => RankedWindow): RankedWindow {
    const version = this.db.query<{ v: number }, [string]>(`SELECT v FROM "__text_versions" WHERE name = ?`).get(collection)?.v ?? -1
    const id = `${collection}\u0000${key}`
    const kept = this.windows.get(id)
    if (kept) {
      this.windows.delete(id)
      if (kept.version === version) {
        this.windows.set(id, kept) // most recently used last
        return kept
      }
    }
    const fresh = { version, ...rank() }
    if (this.kept > 0) {
      this.windows.set(id, fresh)
      while (this.windows.size > this.kept) this.windows.delete(this.windows.keys().next().value!)
    }
    return fresh
  }
}

/** What ranking needs of its collection beyond matching: counting the documents read, and the kept windows. */
export interface TextSearcher extends TextTarget {
  read(rows: number): void
  readonly windows: RankedWindows
}

/** The FTS5 column of the highest-weighted field (the title, for posts). */
function titleColumn(spec: TextIndex) {
  const weights = Object.values(spec.fields)
  return weights.indexOf(Math.max(...weights))
}

/** The relevance of a text match (lower is better, as bm25 answers). */
function rankSql(spec: TextIndex, fts: string) {
  const weights = Object.values(spec.fields)
  // bm25 saturates term frequency, so weights alone let a body that repeats the words outrank a
  // title that holds them: the highest-weighted field counts once more on its own
  const top = Math.max(...weights)
  return `bm25(${fts}, ${weights.join(', ')}) + bm25(${fts}, ${weights.map((w) => (w === top ? 1 : 0)).join(', ')})`
}

export function textSearch<T>(t: TextSearcher, terms: readonly string[], options: TextSearchOptions = {}): TextHit<T>[] {
  if (!terms.length) return []
  const { spec, fts, from, params } = textSql(t, terms, options.filter ?? {})
  const rank = rankSql(spec, fts)
  const limit = options.limit ? ` LIMIT ${Math.floor(options.limit)}` : ' LIMIT -1'
  const offset = options.skip ? ` OFFSET ${Math.floor(options.skip)}` : ''
  // rank ids first, then read only the page's documents: sorting whole documents costs more than ranking
  const ranked = `SELECT ${fts}.rowid AS id, ${rank} AS rank FROM ${from} ORDER BY rank, id${limit}${offset}`
  const rows = t.db.query<{ doc: string; rank: number }, Param[]>(`SELECT t.doc AS doc, h.rank AS rank FROM (${ranked}) h JOIN "${t.name}" t ON t.rowid = h.id ORDER BY h.rank, h.id`).all(...params)
  t.read(rows.length)
  return rows.map((r) => ({ doc: decode<T>(r.doc), score: -r.rank })) // bm25: lower is better
}

export function textCount(t: TextTarget, terms: readonly string[], filter: Filter = {}, options: { limit?: number } & CommonTerms = {}): number {
  if (!terms.length) return 0
  const { from, parts, params } = textSql(t, terms, filter)
  const rows = options.limit ? `(SELECT 1 FROM ${from} LIMIT ${Math.floor(options.limit)})` : from
  const required = options.commonCutoff === undefined ? parts : requiredParts(parts, options.commonCutoff)
  return t.db.query<{ n: number }, Param[]>(`SELECT count(*) AS n FROM ${rows}`).get(...matching(required, params))!.n
}

/** The parts a match must hold under a common-terms cut-off: the rarer ones, or every one when all are common. */
function requiredParts(parts: TextPart[], cutoff: number): TextPart[] {
  const { rare } = splitCommon(parts, cutoff)
  return rare.length ? rare : parts
}
/** `params` (the MATCH text first, then the filter's) matching only `parts`. */
const matching = (parts: readonly TextPart[], params: Param[]): Param[] => [parts.map((p) => p.match).join(' AND '), ...params.slice(1)]

export function textPage<T>(t: TextSearcher, terms: readonly string[], options: TextPageOptions): { hits: TextHit<T>[]; matched: number } {
  if (!terms.length) return { hits: [], matched: 0 }
  const { spec, fts, from, parts, params } = textSql(t, terms, options.filter ?? {})
  const window = Math.max(1, Math.floor(options.window))
  const ranking: TextRanking = { ...DEFAULT_TEXT_RANKING, ...options.ranking }
  const cutoff = options.commonCutoff
  const key = `${from}\u0000${JSON.stringify(params)}\u0000${window}\u0000${JSON.stringify(ranking)}\u0000${cutoff ?? ''}`
  const q = { spec, fts, from, parts, params }
  const { rows, matched } = t.windows.get(t.name, key, () => (cutoff === undefined ? rankWindow(t, q, window, ranking) : rankWithCutoff(t, q, window, ranking, cutoff)))
  const skip = Math.max(0, Math.floor(options.skip ?? 0))
  const page = rows.slice(skip, skip + Math.max(0, Math.floor(options.limit)))
  if (!page.length) return { hits: [], matched }
  const docs = new Map(
    t.db
      .query<{ id: number; doc: string }, number[]>(`SELECT rowid AS id, doc FROM "${t.name}" WHERE rowid IN (${page.map(() => '?').join(', ')})`)
      .all(...page.map((r) => r.id))
      .map((r) => [r.id, r.doc]),
  )
  t.read(docs.size)
  const hits = page.flatMap((r) => (docs.has(r.id) ? [{ doc: decode<T>(docs.get(r.id)!), score: -r.rank }] : []))
  return { hits, matched }
}

type WindowQuery = { spec: TextIndex; fts: string; from: string; parts: TextPart[]; params: Param[] }

/**
 * The newest `window` matches under a common-terms cut-off (./common-terms.ts): the rarer parts matched and
 * ranked as `ranking` chooses, the common ones raising the best of them; or, all parts common, all required and
 * the window ordered by the titles.
 */
function rankWithCutoff(t: TextTarget, q: WindowQuery, window: number, ranking: TextRanking, cutoff: number): RankedWindow {
  const { rare, common } = splitCommon(q.parts, cutoff)
  if (!common.length) return rankWindow(t, q, window, ranking)
  // common terms alone: every one required, and the window ordered as a search of words that weigh nothing is
  // (`onlyCommonWords`: by default the matches holding them all in the title first, each group newest first)
  if (!rare.length) return rankWindow(t, { ...q, parts: q.parts.map((p) => ({ ...p, common: true })) }, window, { ...ranking, commonWords: 'narrow' })
  const ranked = rankWindow(t, { ...q, parts: rare, params: matching(rare, q.params) }, window, ranking)
  return { rows: raiseByCommonTerms(t, q, ranked.rows, common), matched: ranked.matched }
}

/** The newest `window` matches, counted and ordered as `ranking` chooses. */
function rankWindow(t: TextTarget, q: WindowQuery, window: number, ranking: TextRanking): RankedWindow {
  const { spec, fts, from, parts, params } = q
  const rank = rankSql(spec, fts)
  const byRank = (a: Ranked, b: Ranked) => a.rank - b.rank || a.id - b.id
  const weighed = ranking.commonWords === 'rank' ? parts : parts.filter((p) => !p.common)
  const titleFirst = !weighed.length && ranking.onlyCommonWords === 'title-first'
  const ranked = weighed.length ? weighed : parts
  const rankBy = (p: TextPart) => (ranking.typedLastWord === 'itself-first' ? (p.rank ?? p.match) : p.match)
  if (!titleFirst && ranked.length === parts.length && ranked.every((p) => rankBy(p) === p.match)) {
    // one walk of the index, newest first (FTS5 reads rowids in order and stops at the limit), ranking as it goes
    const all = t.db.query<Ranked, Param[]>(`SELECT ${fts}.rowid AS id, ${rank} AS rank FROM ${from} ORDER BY ${fts}.rowid DESC LIMIT ${window + 1}`).all(...params)
    return { rows: all.slice(0, window).sort(byRank), matched: all.length }
  }
  // The window is walked without ranking, then ranked over its rowids (a superset of it) by fewer or
  // shorter lists than it matched on, as bm25 reads the whole list of every word it ranks:
  const ids = t.db.query<{ id: number }, Param[]>(`SELECT ${fts}.rowid AS id FROM ${from} ORDER BY ${fts}.rowid DESC LIMIT ${window + 1}`).all(...params)
  const inWindow = ids.slice(0, window)
  if (!inWindow.length) return { rows: [], matched: 0 }
  const [lowest, highest] = [inWindow[inWindow.length - 1].id, inWindow[0].id]
  if (titleFirst) {
    // every word is in half the documents or more: bm25 would weigh each at 1e-6, after reading lists as
    // long as the index (`the`: 17-34 ms at 100,000 articles). Matches holding the words in the title
    // come first, then the rest, each newest first
    const inTitle = new Set(
      t.db
        .query<{ id: number }, [string, number, number]>(`SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH ? AND rowid >= ? AND rowid <= ?`)
        .all(`f${titleColumn(spec)} : (${parts.map((p) => p.match).join(' AND ')})`, lowest, highest)
        .map((r) => r.id),
    )
    const ordered = [...inWindow.filter((r) => inTitle.has(r.id)), ...inWindow.filter((r) => !inTitle.has(r.id))]
    return { rows: ordered.map((r, i) => ({ id: r.id, rank: i - ordered.length })), matched: ids.length }
  }
  // - `commonWords: 'narrow'`: a word in half the documents or more is left out (bm25 weighs it at most
  //   1e-6, yet reads its list and every position of it in each row): scores move by at most ~4e-6 per word;
  // - `typedLastWord: 'itself-first'`: a last word typed in full is ranked as itself, not as every word it
  //   starts: the matches holding only a longer word come after the ranked ones, newest first.
  const scores = new Map(
    t.db
      .query<Ranked, [string, number, number]>(`SELECT rowid AS id, ${rank} AS rank FROM ${fts} WHERE ${fts} MATCH ? AND rowid >= ? AND rowid <= ?`)
      .all(ranked.map(rankBy).join(' AND '), lowest, highest)
      .map((r) => [r.id, r.rank]),
  )
  const scored = inWindow.filter((r) => scores.has(r.id)).map((r) => ({ id: r.id, rank: scores.get(r.id)! })).sort(byRank)
  const rest = inWindow.filter((r) => !scores.has(r.id)).map((r, i) => ({ id: r.id, rank: i + 1 })) // bm25 is never positive
  return { rows: [...scored, ...rest], matched: ids.length }
}
