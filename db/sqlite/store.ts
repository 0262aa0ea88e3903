import type { Database } from 'bun:sqlite'
import type { BatchOp, Collection, CounterQuery, CountersSpec, Doc, IndexSpec, ListIndexSpec, Store, TextIndexSpec } from '../port.ts'
import { type CollectionHost, SqliteCollection } from './collection.ts'
import { openDatabase } from './connection.ts'
import { SqliteCounters } from './counters.ts'
import { FIELD } from './filter.ts'
import { createListIndex } from './list-index.ts'
import { createTextIndex } from './text-index.ts'
import type { TextIndex } from './text-match.ts'
import { RankedWindows } from './text-ranking.ts'

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * SQLite backend (docs/architecture.md, "Storage port"): one file (or `:memory:`), a table per
 * collection (./collection.ts), the indexes each declares in SQL (list indexes: ./list-index.ts; a text
 * index: ./text-index.ts), and counters tables (./counters.ts). It remembers which fields each
 * collection's indexes hold: conditions and sorts on them go to SQL.
 */
export class SqliteStore implements Store, CollectionHost {
  readonly kind = 'sqlite' as const
  readonly db: Database
  private tables = new Set<string>()
  private indexes = new Map<string, Set<string>>()
  private lists = new Map<string, Set<string>>()
  private collections = new Map<string, SqliteCollection<Doc>>()
  /** Each text index: its fields and weights, and the index fields its text keys table holds (in column order). */
  private textIndexes = new Map<string, TextIndex>()
  private counters: SqliteCounters
  /** Rows fetched by queries (not by primary key): tests use it to prove a list reads only its page. */
  rowsRead = 0
  readonly rankedWindows: RankedWindows

  constructor(file: string) {
    this.db = openDatabase(file)
    this.counters = new SqliteCounters(this.db, file, this)
    this.rankedWindows = new RankedWindows(this.db)
  }

  /** How many ranked text-search windows are kept for later pages (./text-ranking.ts); 0 keeps none. */
  get textPagesKept() {
    return this.rankedWindows.kept
  }
  set textPagesKept(n: number) {
    this.rankedWindows.kept = n
  }

  ensureTable(name: string) {
    if (this.tables.has(name)) return
    if (!NAME.test(name)) throw new Error(`bad collection name: ${name}`)
    this.db.exec(`CREATE TABLE IF NOT EXISTS "${name}" (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`)
    this.tables.add(name)
  }

  indexedFields(name: string) {
    return this.indexes.get(name) ?? new Set<string>()
  }

  listFields(name: string) {
    return this.lists.get(name) ?? new Set<string>()
  }

  textIndex(collection: string) {
    return this.textIndexes.get(collection)
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    let c = this.collections.get(name)
    if (!c) {
      c = new SqliteCollection(this, name)
      this.collections.set(name, c)
    }
    return c as unknown as Collection<T>
  }

  /** An SQL index; `expireAfterSeconds` changes nothing here: expired documents go when maintenance prunes them (db/collections.ts). */
  async ensureIndex(collection: string, spec: IndexSpec) {
    this.ensureTable(collection)
    const fields = Object.keys(spec.fields)
    for (const f of fields) if (!FIELD.test(f)) throw new Error(`bad index field: ${f}`)
    const dirs = Object.values(spec.fields)
    const name = `ix_${collection}_${fields.map((f, i) => f.replaceAll('.', '_') + (dirs[i] === -1 ? '_d' : '')).join('_')}${spec.unique ? '_u' : ''}`
    const cols = fields.map((f, i) => `${f === '_id' ? 'id' : `json_extract(doc, '$.${f}')`}${dirs[i] === -1 ? ' DESC' : ''}`).join(', ')
    this.db.exec(`CREATE ${spec.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${name}" ON "${collection}" (${cols})`)
    // every indexed field is a scalar by the repository's promise, so conditions on it can go to SQL
    const set = this.indexes.get(collection) ?? new Set()
    for (const f of fields) if (f !== '_id') set.add(f)
    this.indexes.set(collection, set)
  }

  async ensureListIndex(collection: string, spec: ListIndexSpec) {
    this.ensureTable(collection)
    if (!FIELD.test(spec.field)) throw new Error(`bad index field: ${spec.field}`)
    createListIndex(this.db, collection, spec)
    const set = this.lists.get(collection) ?? new Set()
    set.add(spec.field)
    this.lists.set(collection, set)
  }

  /** Its keys are the index fields declared so far: a field indexed later is read from the row (./text-match.ts). */
  async ensureTextIndex(collection: string, spec: TextIndexSpec) {
    this.ensureTable(collection)
    const keys = [...this.indexedFields(collection)].sort()
    createTextIndex(this.db, collection, spec, keys)
    this.textIndexes.set(collection, { ...spec, keys })
  }

  async ensureCounters(name: string, spec: CountersSpec) {
    this.counters.ensure(name, spec)
  }

  async sumCounters(name: string, q: CounterQuery) {
    return this.counters.sum(name, q)
  }

  async readCounters(name: string) {
    return this.counters.read(name)
  }

  async pruneCounters(name: string, before: string) {
    return this.counters.prune(name, before)
  }

  async batch(ops: BatchOp[]) {
    // immediate: the write lock is taken up front, so a batch never fails to upgrade a read lock
    // while another process writes (SQLITE_BUSY_SNAPSHOT); it waits its turn instead (busy_timeout)
    this.db
      .transaction(() => {
        for (const op of ops) {
          if ('counters' in op) {
            this.counters.add(op.counters, op.count)
            continue
          }
          const c = this.collection(op.collection) as unknown as SqliteCollection<Doc>
          if ('insert' in op) c.insertSync(op.insert)
          else if ('update' in op) c.updateSync(op.update.filter, op.update.update, { upsert: op.update.upsert })
          else c.deleteSync(op.delete, true)
        }
      })
      .immediate()
  }

  async listCollections() {
    // better-auth's tables live here too; sqlite_sequence, sqlite_stat1… are SQLite's own
    const rows = this.db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").all()
    // `<collection>__…` are an index's side tables, a text index's FTS5 tables, or counters tables
    return rows.map((r) => r.name).filter((n) => !n.includes('__'))
  }

  async close() {
    this.counters.close()
    this.db.close()
  }
}
