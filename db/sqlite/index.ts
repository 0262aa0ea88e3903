/**
 * The SQLite backend of the storage port (bun:sqlite + mingo), one concern per file:
 * - store.ts: the store, its tables and index declarations, batches; connection.ts: the file and its pragmas
 * - collection.ts: a collection's reads and writes; filter.ts: filters and sorts as SQL; update.ts: update operators
 * - list-index.ts: list indexes (side tables kept by triggers)
 * - text-index.ts: the text index (FTS5 tables kept by triggers); text-match.ts: terms as FTS5 MATCH text;
 *   text-ranking.ts: textSearch, textPage (its TextRanking choices) and textCount; common-terms.ts: the
 *   common-terms cut-off (`commonCutoff`: common words optional beside rarer ones)
 * - counters.ts: counters tables, summed on a reader thread (read-worker.ts)
 */
export { SqliteStore } from './store.ts'
