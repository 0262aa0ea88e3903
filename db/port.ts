/**
 * The storage port (docs/architecture.md, "Storage port"): the narrow slice of MongoDB's query language the
 * product uses. Repositories are written once against it; `sqlite/` and `mongo.ts` implement it.
 */
export type Doc = { _id: string } & Record<string, unknown>
export type Filter = Record<string, unknown>
export type Update = {
  $set?: Record<string, unknown>
  $unset?: Record<string, ''>
  $inc?: Record<string, number>
  $setOnInsert?: Record<string, unknown>
}
export type Sort = Record<string, 1 | -1>
/** `projection`: the top-level fields to read (plus `_id`); the rest of each document is not fetched. */
export type FindOptions = { sort?: Sort; limit?: number; skip?: number; projection?: readonly string[] }

/**
 * A full-text index over some fields, each with a weight. A path crosses an array with `[]`:
 * `content.body[].headline`, `content.body[].subsections[].content`, `tags[]`.
 */
export type TextIndexSpec = { fields: Record<string, number> }
/** A text-search hit: the document and its relevance (higher is better; only comparable within one search). */
export type TextHit<T> = { doc: T; score: number }
/**
 * Search options: `filter` may only use `_id` and declared index fields (both backends answer it in the
 * index). To rank only the newest matches of a large collection, read a page with `textPage`.
 */
export type TextSearchOptions = { filter?: Filter; limit?: number; skip?: number }
export type TextPageOptions = { filter?: Filter; window: number; limit: number; skip?: number; ranking?: Partial<TextRanking>; commonCutoff?: number }
/**
 * `commonCutoff`, a share of the collection's documents (0–1; docs/decisions/009-site-search.md, fifth pass): a
 * term held by more of them than that is *common*. Beside a rarer term, common terms are not required — the
 * rarer terms decide what matches, and the common ones only raise the matches holding them — as Lucene's
 * CommonTermsQuery and Elasticsearch's `cutoff_frequency` do; a search of common terms alone requires every one.
 * Absent: every term is required. It changes what matches, so `textCount` takes it too; SQLite applies it with
 * its word counts (common terms raise the best 50 matches holding them in the title or description, and a search of common
 * terms alone is ordered by its titles), MongoDB by counting each term's documents up to the cut-off (common
 * terms are then its optional words, which add to the text score). Under a cut-off, `TextRanking.commonWords` has
 * nothing left to decide (common terms never weigh in bm25), `onlyCommonWords` orders a search of common terms
 * alone, and `typedLastWord` applies among the rarer terms.
 */
export type CommonTerms = { commonCutoff?: number }

/**
 * How `textPage` ranks its window of matches, for the query shapes where bm25 costs the most and decides
 * the least (docs/decisions/009-site-search.md, fourth pass). Each default gives up a few millionths of
 * bm25's score for speed on a large index; each alternative ranks as `textSearch` does. A choice only
 * orders the matches: which documents match, and `matched`, never depend on it.
 *
 * SQLite honours every choice. MongoDB honours none and ranks every page by its text score, as
 * `textSearch` does (the contract suite checks both): that score has no document frequency, so no word
 * is "common" there, and MongoDB matches no word starts, so a typed last word never matches longer words.
 */
export type TextRanking = {
  /**
   * A word in half the documents or more, beside words in fewer (bm25 weighs it at most 1e-6 yet reads its
   * whole list and every position of it): `narrow` (default) leaves it out of ranking, so it only narrows
   * the matches; `rank` ranks it as any word.
   */
  commonWords: 'narrow' | 'rank'
  /**
   * A query of such words alone, when `commonWords` is `narrow`: `title-first` (default) lists the matches
   * holding every word in the highest-weighted field first, then the rest, each group newest first;
   * `rank` ranks them by bm25 over all the words.
   */
  onlyCommonWords: 'title-first' | 'rank'
  /**
   * A last word typed in full that also starts longer indexed words (`bonus`: `bonuses`), which match too:
   * `itself-first` (default) ranks the matches by the word itself, and those holding only a longer word
   * follow, newest first; `with-longer-words` ranks by every word it starts (bm25 sums them).
   */
  typedLastWord: 'itself-first' | 'with-longer-words'
}
/** What `textPage` does when a choice is not given. */
export const DEFAULT_TEXT_RANKING: Readonly<TextRanking> = { commonWords: 'narrow', onlyCommonWords: 'title-first', typedLastWord: 'itself-first' }
/**
 * An index the repository declares. Its fields hold scalars (string, number, boolean, Date or null) in
 * every document: that promise lets SQLite answer conditions and sorts on them in SQL.
 * `expireAfterSeconds` (on a single Date field) makes documents expire: a TTL index on MongoDB; on
 * SQLite a plain index, and maintenance prunes them. A collection declares it as its `ttl`
 * (db/collections.ts), which does both.
 */
export type IndexSpec = { fields: Record<string, 1 | -1>; unique?: boolean; expireAfterSeconds?: number }
/**
 * An index over one field that holds a list of strings in every document (or is missing): a condition
 * `{ field: value }` or `{ field: { $in: [...] } }` finds the documents whose list holds a value, from
 * the index (MongoDB's multikey index; on SQLite a side table kept in step by triggers).
 */
export type ListIndexSpec = { field: string }

/**
 * A table of counters (attribution: docs/decisions/018-attribution-counters.md): one row per dimension, key, day and `sub` (a currency for
 * money, '' for counts), with a fixed set of numeric metrics. Writes only add (`count` batch ops); reads
 * sum a day range by key (`sumCounters`), in the backend: SQL over real columns on SQLite, an
 * aggregation on MongoDB. Never a scan of events.
 */
export type CountersSpec = {
  metrics: readonly string[]
  /**
   * also keep each day's sums in blocks of 8 and 32 days, added in the same write, so a long range is
   * summed by key from a few rows per key instead of one per day (./counter-rollup.ts; decision 026)
   */
  rollup?: boolean
}
export type CounterKey = { dim: string; key: string; day: string; sub?: string }
export type CounterRow = Required<CounterKey> & { values: Record<string, number> }
export type CounterQuery = {
  dim: string
  /** YYYY-MM-DD, both included */
  from: string
  to: string
  /** only these keys (a brand's, a page's) */
  keys?: readonly string[]
  /** '' (counts) or 'money' (every sub but '') */
  subs: '' | 'money'
  /** sum per key (and sub), or keep each day apart */
  by: 'key' | 'key-day'
}

/** One write inside a `batch`: all of a batch's writes land, or none do. */
export type BatchOp =
  | { collection: string; insert: Doc }
  | { collection: string; update: { filter: Filter; update: Update; upsert?: boolean } }
  | { collection: string; delete: Filter }
  /** adds `inc` to one counter row of `counters` (created at zero) */
  | { counters: string; count: CounterKey & { inc: Record<string, number> } }

export interface Collection<T extends Doc = Doc> {
  find(filter?: Filter, options?: FindOptions): Promise<T[]>
  findOne(filter: Filter): Promise<T | null>
  /** Throws `DuplicateKeyError` when a unique index (or `_id`) is already taken. */
  insertOne(doc: T): Promise<T>
  /** Applies `update` to the first match; with `upsert`, inserts `{...equality fields of filter, ...$setOnInsert, ...$set}` when none matches. */
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<{ matched: number; upserted: boolean }>
  /** Like `updateOne`, atomically, answering the document after the update (null: nothing matched, no upsert). */
  findOneAndUpdate(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<T | null>
  /**
   * Adds each item's `inc` to the document with its `_id` (created from `setOnInsert` when there is none),
   * each document atomically, all in one call; answers the documents after, in the items' order. Two
   * callers adding to one document never both read the same value (rate-limit and velocity windows shared across processes).
   * One transaction on SQLite; on MongoDB one `findOneAndUpdate` per item, sent together.
   */
  incrementMany(items: readonly { _id: string; inc: Record<string, number>; setOnInsert?: Record<string, unknown> }[]): Promise<T[]>
  /** Inserts each document whose `_id` is not taken yet, skipping the others; answers the ids it inserted. */
  insertMissing(docs: T[]): Promise<string[]>
  /**
   * Documents holding every one of `terms` (whole words; on SQLite the last term, when longer than one
   * character, may also be a word's start), most relevant first: one holding the terms in its highest-weighted field ranks above one
   * that only repeats them in others. Terms are plain words: no query syntax reaches the backend.
   */
  textSearch(terms: readonly string[], options?: TextSearchOptions): Promise<TextHit<T>[]>
  /**
   * A results page in one pass: the newest `window` documents holding every term are counted and ranked
   * (as `textSearch` ranks them, but for the choices of `ranking`: `TextRanking`, defaults
   * `DEFAULT_TEXT_RANKING`), and `limit` of them from `skip` answered. `matched` counts up to `window + 1`,
   * so `matched > window` says more match than were ranked. On SQLite the index is read once (in rowid
   * order, newest first), where a count and a ranking would read it twice or three times. MongoDB counts
   * and ranks every match, as `textSearch` does, whatever `ranking` says.
   */
  textPage(terms: readonly string[], options: TextPageOptions): Promise<{ hits: TextHit<T>[]; matched: number }>
  /** How many documents hold every term; with `limit`, counting stops there. */
  textCount(terms: readonly string[], filter?: Filter, options?: { limit?: number } & CommonTerms): Promise<number>
  /** The distinct values of a field among the matching documents, sorted; a list field's values count one by one (from its list index when it has one). */
  distinct(field: string, filter?: Filter): Promise<unknown[]>
  deleteOne(filter: Filter): Promise<number>
  deleteMany(filter: Filter): Promise<number>
  count(filter?: Filter): Promise<number>
}

export interface Store {
  readonly kind: 'sqlite' | 'mongodb'
  collection<T extends Doc = Doc>(name: string): Collection<T>
  ensureIndex(collection: string, spec: IndexSpec): Promise<void>
  ensureListIndex(collection: string, spec: ListIndexSpec): Promise<void>
  /** One text index per collection, kept in step with every write to it (whatever writes). */
  ensureTextIndex(collection: string, spec: TextIndexSpec): Promise<void>
  batch(ops: BatchOp[]): Promise<void>
  /** A counters table with these metrics (more may be added later; none removed). */
  ensureCounters(name: string, spec: CountersSpec): Promise<void>
  /** Sums of a day range, by key (and sub), or by key and day; metrics that are all zero are left out. */
  sumCounters(name: string, q: CounterQuery): Promise<(Omit<CounterRow, 'day'> & { day?: string })[]>
  /** Every row (backups), and writing rows into an empty table (restores). */
  readCounters(name: string): Promise<CounterRow[]>
  /** Deletes the rows of days before `before` (YYYY-MM-DD), answering how many: counters kept for a while only (search statistics, 90 days). */
  pruneCounters(name: string, before: string): Promise<number>
  /** Names of every collection (table) the store holds, sorted, without the backend's own internals. */
  listCollections(): Promise<string[]>
  close(): Promise<void>
}

export class DuplicateKeyError extends Error {
  constructor(public readonly collection: string) {
    super(`duplicate key in ${collection}`)
    this.name = 'DuplicateKeyError'
  }
}

/** The equality part of a filter (top-level fields with plain values), used to seed an upserted document. */
export function equalityFields(filter: Filter): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(filter)) {
    if (k.startsWith('$') || k.includes('.')) continue
    if (v !== null && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v)) continue
    out[k] = v
  }
  return out
}
