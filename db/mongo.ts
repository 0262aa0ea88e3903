import { type AnyBulkWriteOperation, type ClientSession, MongoBulkWriteError, MongoClient, MongoServerError, type Db } from 'mongodb'
import {
  type BatchOp,
  type Collection,
  type CommonTerms,
  type CounterQuery,
  type CountersSpec,
  type Doc,
  DuplicateKeyError,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type ListIndexSpec,
  type Store,
  type TextIndexSpec,
  type TextPageOptions,
  type TextSearchOptions,
  type Update,
} from './port.ts'
import { createDocumentLocks, type DocumentLocks, LOCKS_COLLECTION } from './ferretdb.ts'
import { MongoCounters } from './mongo-counters.ts'
import { scanText } from './mongo-text-scan.ts'
import { CommonTermCounts, textSearchString } from './mongo-common-terms.ts'

/**
 * A unique index (or `_id`) already taken: MongoDB's code 11000. FerretDB 1.x answers 11000 for inserts
 * but lets an update's UNIQUE violation out of its SQLite backend as an InternalError (code 1).
 */
const isDuplicate = (err: unknown) => err instanceof MongoServerError && (err.code === 11000 || (err.code === 1 && err.message.includes('UNIQUE constraint failed')))

/** MongoDB backend: calls go straight to the official driver. Ids are strings, as on SQLite. */
class MongoCollection<T extends Doc> implements Collection<T> {
  constructor(
    private db: Db,
    private name: string,
    /**
     * The collection's text index where the server has none (FerretDB 1.x), asked at each search: its
     * text search then scans (./mongo-text-scan.ts) instead of asking `$text`.
     */
    private scannedText: () => TextIndexSpec | undefined = () => undefined,
    /** FerretDB 1.x: a document's writers take turns (./ferretdb.ts); MongoDB updates one document atomically itself */
    private locks?: DocumentLocks,
    /** the store's counts of common terms (kept a minute), shared by its collections */
    private termCounts = new CommonTermCounts(),
  ) {}
  /** `write` holding the document's lock where the server needs one (FerretDB) and the filter names one document. */
  private locked<R>(filter: Filter, write: () => Promise<R>): Promise<R> {
    return this.locks && typeof filter._id === 'string' ? this.locks.with(this.name, filter._id, write) : write()
  }
  private get c() {
    return this.db.collection<Doc>(this.name)
  }
  async find(filter: Filter = {}, options: FindOptions = {}) {
    let cursor = this.c.find(filter)
    if (options.projection) cursor = cursor.project(Object.fromEntries(options.projection.map((f) => [f, 1])))
    if (options.sort) cursor = cursor.sort(options.sort)
    if (options.skip) cursor = cursor.skip(options.skip)
    if (options.limit) cursor = cursor.limit(options.limit)
    return (await cursor.toArray()) as T[]
  }
  async findOne(filter: Filter) {
    return (await this.c.findOne(filter)) as T | null
  }
  async insertOne(doc: T) {
    try {
      await this.c.insertOne(doc)
    } catch (err) {
      if (isDuplicate(err)) throw new DuplicateKeyError(this.name)
      throw err
    }
    return doc
  }
  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}) {
    try {
      const r = await this.locked(filter, () => this.c.updateOne(filter, update as never, { upsert: options.upsert }))
      return { matched: r.matchedCount, upserted: r.upsertedCount > 0 }
    } catch (err) {
      if (isDuplicate(err)) throw new DuplicateKeyError(this.name)
      throw err
    }
  }
  async findOneAndUpdate(filter: Filter, update: Update, options: { upsert?: boolean } = {}) {
    try {
      return (await this.locked(filter, () => this.c.findOneAndUpdate(filter, update as never, { upsert: options.upsert, returnDocument: 'after' }))) as T | null
    } catch (err) {
      if (isDuplicate(err)) throw new DuplicateKeyError(this.name)
      throw err
    }
  }
  async incrementMany(items: readonly { _id: string; inc: Record<string, number>; setOnInsert?: Record<string, unknown> }[]) {
    // each an atomic upsert (the server retries an upsert that races another on the same _id); sent together
    const one = (i: (typeof items)[number]) =>
      this.c.findOneAndUpdate({ _id: i._id }, { $inc: i.inc, ...(i.setOnInsert ? { $setOnInsert: i.setOnInsert } : {}) } as never, { upsert: true, returnDocument: 'after' }) as Promise<T>
    // on FerretDB all their locks are taken at once: a /go batch counts many networks' windows
    if (this.locks && items.length) {
      // one document named twice: its steps in turn, FerretDB reading and writing each back
      const inTurn = async () => {
        const out: T[] = []
        for (const i of items) out.push(await one(i))
        return out
      }
      const distinct = new Set(items.map((i) => i._id)).size === items.length
      return this.locks.withAll(
        items.map((i) => ({ collection: this.name, id: i._id })),
        distinct ? () => Promise.all(items.map(one)) : inTurn,
      )
    }
    return Promise.all(items.map(one))
  }
  async insertMissing(docs: T[]) {
    if (!docs.length) return []
    // one insert per document, unordered: a taken _id is refused on its own and the rest land, atomically
    // each. (An upsert setting only on insert did the same on MongoDB, but FerretDB 1.x drops the empty
    // lists such an upsert sets: a seeded market lost its legalPages.)
    try {
      await this.c.insertMany(docs, { ordered: false })
      return docs.map((d) => d._id)
    } catch (err) {
      if (!(err instanceof MongoBulkWriteError)) throw err
      const refused = [err.writeErrors].flat()
      if (refused.some((e) => e.code !== 11000)) throw err // a taken key (of any unique index) is skipped, as on SQLite
      const taken = new Set(refused.map((e) => e.index))
      return docs.filter((_, i) => !taken.has(i)).map((d) => d._id)
    }
  }
  /**
   * `$text` with every term quoted: Mongo then requires each one, as SQLite's FTS5 does; under a common-terms
   * cut-off the common terms go unquoted beside rarer ones, and only add to the text score (./mongo-common-terms.ts).
   */
  private async textFilter(terms: readonly string[], filter: Filter, commonCutoff?: number) {
    const common = commonCutoff === undefined ? undefined : await this.termCounts.common(this.c, terms, commonCutoff)
    return { ...filter, $text: { $search: textSearchString(terms, common) } }
  }
  /** Every match by scan, ranked (FerretDB: no text index). */
  private scan(spec: TextIndexSpec, terms: readonly string[], filter: Filter = {}, commonCutoff?: number) {
    return scanText<T>({ find: (f) => this.find(f) }, spec, terms, filter, commonCutoff)
  }
  async textSearch(terms: readonly string[], options: TextSearchOptions & CommonTerms = {}) {
    if (!terms.length) return []
    const scanned = this.scannedText()
    if (scanned) {
      const hits = await this.scan(scanned, terms, options.filter, options.commonCutoff)
      return hits.slice(options.skip ?? 0, options.limit ? (options.skip ?? 0) + options.limit : undefined)
    }
    let cursor = this.c
      .find(await this.textFilter(terms, options.filter ?? {}, options.commonCutoff), { projection: { __score: { $meta: 'textScore' } } })
      .sort({ __score: { $meta: 'textScore' }, _id: 1 })
    if (options.skip) cursor = cursor.skip(options.skip)
    if (options.limit) cursor = cursor.limit(options.limit)
    return (await cursor.toArray()).map(({ __score, ...doc }) => ({ doc: doc as T, score: Number(__score) }))
  }
  /**
   * MongoDB ranks every match by text score (no rowid order to walk): a bounded count, then the page. Not
   * honoured: `options.ranking` (no document frequency; no word starts). `commonCutoff` is (optional words).
   */
  async textPage(terms: readonly string[], options: TextPageOptions) {
    if (!terms.length) return { hits: [], matched: 0 }
    const scanned = this.scannedText()
    if (scanned) {
      const all = await this.scan(scanned, terms, options.filter, options.commonCutoff)
      const from = options.skip ?? 0
      return { hits: all.slice(from, from + options.limit), matched: Math.min(all.length, options.window + 1) }
    }
    const { commonCutoff } = options
    const matched = await this.textCount(terms, options.filter ?? {}, { limit: options.window + 1, commonCutoff })
    const hits = await this.textSearch(terms, { filter: options.filter, limit: options.limit, skip: options.skip, commonCutoff })
    return { hits, matched }
  }
  async textCount(terms: readonly string[], filter: Filter = {}, options: { limit?: number } & CommonTerms = {}) {
    const scanned = this.scannedText()
    if (scanned && terms.length) return Math.min((await this.scan(scanned, terms, filter, options.commonCutoff)).length, options.limit ?? Infinity)
    return terms.length ? this.c.countDocuments(await this.textFilter(terms, filter, options.commonCutoff), options.limit ? { limit: options.limit } : {}) : 0
  }
  async distinct(field: string, filter: Filter = {}) {
    return (await this.c.distinct(field, filter)).sort()
  }
  async deleteOne(filter: Filter) {
    return (await this.c.deleteOne(filter)).deletedCount
  }
  async deleteMany(filter: Filter) {
    return (await this.c.deleteMany(filter)).deletedCount
  }
  async count(filter: Filter = {}) {
    return this.c.countDocuments(filter)
  }
}

export class MongoStore implements Store {
  readonly kind = 'mongodb' as const
  private constructor(
    readonly client: MongoClient,
    readonly db: Db,
    /**
     * FerretDB's version when the server is FerretDB (its `buildInfo` says so), which speaks MongoDB's
     * protocol with gaps this backend works around or names (docs/mongodb.md).
     */
    readonly ferretDb: string | undefined,
    /**
     * Whether the server runs transactions: a replica set member or mongos. A standalone server and
     * FerretDB 1.x do not (the driver's `autocommit` field is refused), so `batch` and better-auth's
     * adapter (server/accounts/auth.ts) write without one there.
     */
    readonly transactions: boolean,
  ) {
    this.locks = ferretDb ? createDocumentLocks(db, isDuplicate) : undefined
    this.counters = new MongoCounters(db, Boolean(ferretDb))
  }
  /** FerretDB only: one writer at a time per document (it loses concurrent updates otherwise). */
  private readonly locks: DocumentLocks | undefined

  static async connect(uri: string) {
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 })
    await client.connect()
    const db = client.db()
    const info = await db.admin().command({ buildInfo: 1 })
    const hello = await db.admin().command({ hello: 1 })
    return new MongoStore(client, db, typeof info.ferretdbVersion === 'string' ? info.ferretdbVersion : undefined, Boolean(hello.setName) || hello.msg === 'isdbgrid')
  }

  /** The text indexes the server could not build (FerretDB 1.x has none): searched by scan. */
  private scannedText = new Map<string, TextIndexSpec>()


  collection<T extends Doc = Doc>(name: string): Collection<T> {
    // asked at search time: repositories take their collections before they declare the text index
    return new MongoCollection<T>(this.db, name, () => this.scannedText.get(name), this.locks, this.termCounts)
  }
  private termCounts = new CommonTermCounts()

  async ensureIndex(collection: string, spec: IndexSpec) {
    // only the options given: the driver sends an undefined option as null, and the server refuses
    // `unique: null` ("not convertible to bool": MongoDB's own check, which FerretDB shares)
    const unique = spec.unique !== undefined ? { unique: spec.unique } : {}
    try {
      await this.db.collection(collection).createIndex(spec.fields, { ...unique, ...(spec.expireAfterSeconds !== undefined ? { expireAfterSeconds: spec.expireAfterSeconds } : {}) })
    } catch (err) {
      // FerretDB 1.x has no TTL indexes (NotImplemented): a plain index, and the documents expire when
      // maintenance prunes them, as on SQLite (`registry.pruneExpired`, every 10 minutes: db/collections.ts)
      if (!(spec.expireAfterSeconds !== undefined && err instanceof MongoServerError && err.code === 238)) throw err
      await this.db.collection(collection).createIndex(spec.fields, unique)
    }
  }

  /** A list of strings: Mongo indexes each element by itself (a multikey index). */
  async ensureListIndex(collection: string, spec: ListIndexSpec) {
    await this.db.collection(collection).createIndex({ [spec.field]: 1 })
  }

  /**
   * Mongo's text index: paths without the `[]` markers (it crosses arrays by itself), no stemming (as on
   * SQLite). Declared with other fields or weights, it replaces the one there: MongoDB refuses a second
   * index named `text` with other options (IndexOptionsConflict, IndexKeySpecsConflict) and keeps one
   * text index per collection, so the old one is dropped first and the new one built from the documents.
   */
  async ensureTextIndex(collection: string, spec: TextIndexSpec) {
    if (this.ferretDb) {
      // FerretDB 1.x has none (its createIndexes answers IndexNotFound): the collection is searched by scan
      this.scannedText.set(collection, spec)
      return
    }
    const fields = Object.fromEntries(Object.keys(spec.fields).map((p) => [p.replaceAll('[]', ''), 'text' as const]))
    const weights = Object.fromEntries(Object.entries(spec.fields).map(([p, w]) => [p.replaceAll('[]', ''), w]))
    const c = this.db.collection(collection)
    const create = () => c.createIndex(fields, { weights, default_language: 'none', name: 'text' })
    try {
      await create()
    } catch (err) {
      if (!(err instanceof MongoServerError && (err.code === 85 || err.code === 86))) throw err
      await c.dropIndex('text')
      await create()
    }
  }

  /** Counters tables (./mongo-counters.ts): documents added to with `$inc`, summed by an aggregation; rolled up when declared so. */
  private counters: MongoCounters
  ensureCounters(name: string, spec: CountersSpec) {
    return this.counters.ensure(name, spec)
  }
  sumCounters(name: string, q: CounterQuery) {
    return this.counters.sum(name, q)
  }
  readCounters(name: string) {
    return this.counters.read(name)
  }
  pruneCounters(name: string, before: string) {
    return this.counters.prune(name, before)
  }

  /**
   * Atomic on a replica set (a transaction); a standalone server (and FerretDB 1.x) has none, so there the
   * writes run in order and those before a failing one stay. Either way a taken unique key is a
   * `DuplicateKeyError` naming the collection of the write that failed. Each run of writes to one
   * collection goes as one ordered bulk write: a round trip per run, not per write (a click batch is
   * clicks, then counters). On FerretDB the documents it updates are locked first, all at once.
   */
  async batch(ops: BatchOp[]) {
    const runs: { collection: string; writes: AnyBulkWriteOperation<Doc>[] }[] = []
    const updated: { collection: string; id: string }[] = []
    const counted = new Map<string, { $inc: Record<string, number> }>()
    const add = (collection: string, write: AnyBulkWriteOperation<Doc>) => {
      const last = runs[runs.length - 1]
      if (last?.collection === collection) last.writes.push(write)
      else runs.push({ collection, writes: [write] })
    }
    for (const op of ops) {
      if ('counters' in op) {
        for (const u of this.counters.updates(op.counters, op.count)) {
          // one upsert per counter row and batch (rows' blocks are shared: FerretDB stalls on repeats of one document in a bulk write)
          const seen = counted.get(`${op.counters}\u0000${u.filter._id}`)
          if (seen) for (const [m, v] of Object.entries(u.update.$inc)) seen.$inc[m] = (seen.$inc[m] ?? 0) + v
          else {
            counted.set(`${op.counters}\u0000${u.filter._id}`, u.update)
            add(op.counters, { updateOne: { filter: u.filter, update: u.update as never, upsert: true } })
            updated.push({ collection: op.counters, id: u.filter._id })
          }
        }
      } else if ('insert' in op) add(op.collection, { insertOne: { document: op.insert } })
      else if ('update' in op) {
        const { filter, update, upsert } = op.update
        add(op.collection, { updateOne: { filter, update: update as never, upsert } })
        if (typeof filter._id === 'string') updated.push({ collection: op.collection, id: filter._id })
      } else add(op.collection, { deleteMany: { filter: op.delete } })
    }
    let current = '?'
    const run = async (session?: ClientSession) => {
      for (const r of runs) {
        current = r.collection
        // FerretDB 1.x stalls on a bulk write of a few hundred updates to existing documents (a batch's
        // counter rows and their blocks): there a run goes in slices, in order (it has no transaction anyway)
        const slice = this.ferretDb ? 100 : r.writes.length
        for (let i = 0; i < r.writes.length; i += slice) await this.db.collection<Doc>(r.collection).bulkWrite(r.writes.slice(i, i + slice), { ordered: true, session })
      }
    }
    const session = this.transactions ? this.client.startSession() : undefined
    const write = () => (session ? session.withTransaction(() => run(session)) : run())
    try {
      // FerretDB: its updates read and write back in two steps, so the documents are locked, as outside a batch
      await (this.locks && updated.length ? this.locks.withAll(updated, write) : write())
    } catch (err) {
      if (isDuplicate(err)) throw new DuplicateKeyError(current)
      throw err
    } finally {
      await session?.endSession()
    }
  }

  async listCollections() {
    const found = await this.db.listCollections({}, { nameOnly: true }).toArray()
    return found
      .map((c) => c.name)
      .filter((n) => !n.startsWith('system.') && n !== LOCKS_COLLECTION) // the server's own (system.views, system.profile…), the FerretDB locks
      .sort()
  }

  private inFlight = new Set<Promise<unknown>>()
  /** Work started outside any caller's await (better-auth's index builds: ./ferretdb.ts authDatabase): `close` waits for it. */
  track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work)
    void work.then(
      () => this.inFlight.delete(work),
      () => this.inFlight.delete(work),
    )
    return work
  }

  async close() {
    await Promise.allSettled([...this.inFlight])
    await this.client.close()
  }
}
