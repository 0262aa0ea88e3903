import { Database } from 'bun:sqlite'
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
import { find as mingoFind, Query } from 'mingo'
import { parse as decode, stringify as encode } from './extended-json.ts'
import {
  type BatchOp,
  type Collection,
  type Doc,
  DuplicateKeyError,
  equalityFields,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Store,
  type Update,
} from './port.ts'

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
const FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/

function isUniqueViolation(err: unknown) {
  return err instanceof Error && /UNIQUE constraint failed/.test(err.message)
}

/**
 * SQLite backend: a table per collection (`_id` plus the document as JSON). Equality on `_id` and on
 * declared index fields is pushed down to SQL; the rest of a filter, sorting and paging run in `mingo`.
 */
class SqliteCollection<T extends Doc> implements Collection<T> {
  constructor(
    private store: SqliteStore,
    readonly name: string,
  ) {}

  private get db() {
    return this.store.db
  }

  /** Rows that may match: narrowed by SQL where the filter allows it, exact matching left to mingo. */
  private candidates(filter: Filter): T[] {
    this.store.ensureTable(this.name)
    const where: string[] = []
    const params: (string | number)[] = []
    for (const [key, value] of Object.entries(filter)) {
      if (typeof value !== 'string' && typeof value !== 'number') continue
      if (key === '_id') {
        where.push('id = ?')
        params.push(String(value))
      } else if (this.store.indexedFields(this.name).has(key)) {
        where.push(`json_extract(doc, '$.${key}') = ?`)
        params.push(value)
      }
    }
    const sql = `SELECT doc FROM "${this.name}"${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`
    const rows = this.db.query<{ doc: string }, (string | number)[]>(sql).all(...params)
    return rows.map((r) => decode<T>(r.doc))
  }

  private match(filter: Filter, options: FindOptions = {}): T[] {
    const keys = Object.keys(filter)
    if (keys.length === 1 && typeof filter._id === 'string' && !options.skip) {
      // the common case (find by id): straight to the primary key, no query to compile
      this.store.ensureTable(this.name)
      const row = this.db.query<{ doc: string }, [string]>(`SELECT doc FROM "${this.name}" WHERE id = ?`).get(filter._id)
      return row ? [decode<T>(row.doc)] : []
    }
    const docs = this.candidates(filter)
    let cursor = mingoFind(docs, filter as never)
    if (options.sort) cursor = cursor.sort(options.sort)
    if (options.skip) cursor = cursor.skip(options.skip)
    if (options.limit) cursor = cursor.limit(options.limit)
    return cursor.all() as T[]
  }

  async find(filter: Filter = {}, options?: FindOptions) {
    return this.match(filter, options)
  }

  async findOne(filter: Filter) {
    return this.match(filter, { limit: 1 })[0] ?? null
  }

  insertSync(doc: T) {
    this.store.ensureTable(this.name)
    try {
      this.db.query(`INSERT INTO "${this.name}" (id, doc) VALUES (?, ?)`).run(doc._id, encode(doc))
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateKeyError(this.name)
      throw err
    }
    return doc
  }

  async insertOne(doc: T) {
    return this.insertSync(doc)
  }

  updateSync(filter: Filter, update: Update, options: { upsert?: boolean } = {}) {
    const [doc] = this.match(filter, { limit: 1 })
    if (!doc) {
      if (!options.upsert) return { matched: 0, upserted: false }
      const fresh = { ...equalityFields(filter), ...update.$setOnInsert } as T
      applyUpdate(fresh, { ...update, $setOnInsert: undefined })
      if (!fresh._id) throw new Error(`upsert into ${this.name} needs an _id in the filter or $setOnInsert`)
      this.insertSync(fresh)
      return { matched: 0, upserted: true }
    }
    const id = doc._id
    applyUpdate(doc, { ...update, $setOnInsert: undefined })
    if (doc._id !== id) throw new Error('_id is immutable')
    try {
      this.db.query(`UPDATE "${this.name}" SET doc = ? WHERE id = ?`).run(encode(doc), id)
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateKeyError(this.name)
      throw err
    }
    return { matched: 1, upserted: false }
  }

  async updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }) {
    return this.updateSync(filter, update, options)
  }

  deleteSync(filter: Filter, many: boolean) {
    const docs = this.match(filter, many ? {} : { limit: 1 })
    const del = this.db.query(`DELETE FROM "${this.name}" WHERE id = ?`)
    for (const d of docs) del.run(d._id)
    return docs.length
  }

  async deleteOne(filter: Filter) {
    return this.deleteSync(filter, false)
  }

  async deleteMany(filter: Filter) {
    return this.store.db.transaction(() => this.deleteSync(filter, true))()
  }

  async count(filter: Filter = {}) {
    if (Object.keys(filter).length === 0) {
      this.store.ensureTable(this.name)
      return this.db.query<{ n: number }, []>(`SELECT count(*) AS n FROM "${this.name}"`).get()!.n
    }
    return this.candidates(filter).filter((d) => new Query(filter as never).test(d)).length
  }
}

/** Walks a dotted path ('revenue.USD'), creating objects on the way; answers the parent and the last key. */
function parentOf(doc: Record<string, unknown>, path: string): [Record<string, unknown>, string] {
  const keys = path.split('.')
  let node = doc
  for (const k of keys.slice(0, -1)) {
    if (node[k] === null || typeof node[k] !== 'object') node[k] = {}
    node = node[k] as Record<string, unknown>
  }
  return [node, keys[keys.length - 1]]
}

/**
 * The port's update operators ($set, $unset, $inc) applied in place, as MongoDB applies them.
 * Hand-written because this is the hot path of every click counter (mingo's general updater cost ~250 µs).
 */
function applyUpdate(doc: Doc, update: Update) {
  for (const [path, value] of Object.entries(update.$set ?? {})) {
    if (path === '_id' && value !== doc._id) throw new Error("Performing an update on the path '_id' would modify the immutable field '_id'.")
    const [node, key] = parentOf(doc, path)
    node[key] = value
  }
  for (const path of Object.keys(update.$unset ?? {})) {
    const [node, key] = parentOf(doc, path)
    delete node[key]
  }
  for (const [path, by] of Object.entries(update.$inc ?? {})) {
    const [node, key] = parentOf(doc, path)
    const current = node[key] ?? 0
    if (typeof current !== 'number') throw new Error(`Cannot apply $inc to a non-numeric field: ${path}`)
    node[key] = current + by
  }
}

/**
 * The store holds password hashes and visitors' clicks: only the server's user may read it. A new
 * DATA_DIR is made 0700; the database file is created 0600 before SQLite opens it, because SQLite gives
 * its -wal and -shm files the database file's mode; an older store's files are tightened too. (Creating
 * the file ourselves rather than setting a umask around the open: the umask is process-wide state.)
 */
function restrictFiles(file: string) {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  closeSync(openSync(file, 'a', 0o600))
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(f, 0o600)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    }
  }
}

export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const
  readonly db: Database
  private tables = new Set<string>()
  private indexes = new Map<string, Set<string>>()
  private collections = new Map<string, SqliteCollection<Doc>>()

  constructor(file: string) {
    if (file !== ':memory:') restrictFiles(file)
    this.db = new Database(file, { create: true, strict: true })
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;')
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

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    let c = this.collections.get(name)
    if (!c) {
      c = new SqliteCollection(this, name)
      this.collections.set(name, c)
    }
    return c as unknown as Collection<T>
  }

  async ensureIndex(collection: string, spec: IndexSpec) {
    this.ensureTable(collection)
    const fields = Object.keys(spec.fields)
    for (const f of fields) if (!FIELD.test(f)) throw new Error(`bad index field: ${f}`)
    const name = `ix_${collection}_${fields.join('_').replaceAll('.', '_')}${spec.unique ? '_u' : ''}`
    const cols = fields.map((f) => `json_extract(doc, '$.${f}')`).join(', ')
    this.db.exec(`CREATE ${spec.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${name}" ON "${collection}" (${cols})`)
    if (fields.length === 1) {
      const set = this.indexes.get(collection) ?? new Set()
      set.add(fields[0])
      this.indexes.set(collection, set)
    }
  }

  async batch(ops: BatchOp[]) {
    this.db.transaction(() => {
      for (const op of ops) {
        const c = this.collection(op.collection) as unknown as SqliteCollection<Doc>
        if ('insert' in op) c.insertSync(op.insert)
        else if ('update' in op) c.updateSync(op.update.filter, op.update.update, { upsert: op.update.upsert })
        else c.deleteSync(op.delete, true)
      }
    })()
  }

  async listCollections() {
    // better-auth's tables live here too; sqlite_sequence, sqlite_stat1… are SQLite's own
    const rows = this.db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").all()
    return rows.map((r) => r.name)
  }

  async close() {
    this.db.close()
  }
}
