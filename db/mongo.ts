import { type AnyBulkWriteOperation, type ClientSession, MongoBulkWriteError, MongoClient, MongoServerError, type Db } from 'mongodb'
import {
  type BatchOp,
  type Collection,
  type CommonTerms,
  type CounterKey,
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

  private counterMetrics = new Map<string, readonly string[]>()

  /** Counters as documents `{_id: dim|day|key|sub, dim, day, key, sub, <metrics>}`, summed by an aggregation. */
  async ensureCounters(name: string, spec: CountersSpec) {
    await this.db.collection(name).createIndex({ dim: 1, day: 1, key: 1 })
    this.counterMetrics.set(name, [...spec.metrics])
  }

  private counterUpdate(name: string, c: CounterKey & { inc: Record<string, number> }) {
    const metrics = this.counterMetrics.get(name)
    if (!metrics) throw new Error(`counters ${name} not declared (ensureCounters)`)
    const inc = Object.fromEntries(Object.entries(c.inc).filter(([, v]) => v !== 0))
    for (const m of Object.keys(inc)) if (!metrics.includes(m)) throw new Error(`unknown metric ${m} in ${name}`)
    const sub = c.sub ?? ''
    return { filter: { _id: `${c.dim}|${c.day}|${c.key}|${sub}` }, update: { $inc: inc, $setOnInsert: { dim: c.dim, day: c.day, key: c.key, sub } }, empty: !Object.keys(inc).length }
  }

  async sumCounters(name: string, q: CounterQuery) {
    const metrics = this.counterMetrics.get(name) ?? []
    const match: Record<string, unknown> = { dim: q.dim, day: { $gte: q.from, $lte: q.to }, sub: q.subs === '' ? '' : { $ne: '' } }
    if (q.keys) match.key = { $in: [...q.keys] }
    const id = q.by === 'key' ? { key: '$key', sub: '$sub' } : { key: '$key', sub: '$sub', day: '$day' }
    // one $group sums every metric; FerretDB 1.x hands a group's documents to its first accumulator only
    // (the others answer 0), so there each metric is summed by a $group of its own and the rows merged
    const groups = this.ferretDb && metrics.length > 1 ? metrics.map((m) => [m]) : [metrics]
    const parts = await Promise.all(
      groups.map((ms) =>
        this.db
          .collection(name)
          .aggregate<Record<string, unknown> & { _id: { key: string; sub: string; day?: string } }>([{ $match: match }, { $group: { _id: id, ...Object.fromEntries(ms.map((m) => [m, { $sum: `$${m}` }])) } }])
          .toArray(),
      ),
    )
    const merged = new Map<string, Record<string, unknown> & { _id: { key: string; sub: string; day?: string } }>()
    for (const part of parts)
      for (const r of part) {
        const k = JSON.stringify([r._id.key, r._id.sub, r._id.day])
        merged.set(k, { ...merged.get(k), ...r })
      }
    const rows = [...merged.values()]
    return rows.map((r) => ({ dim: q.dim, key: r._id.key, sub: r._id.sub, ...(q.by === 'key-day' ? { day: r._id.day } : {}), values: Object.fromEntries(metrics.filter((m) => r[m]).map((m) => [m, r[m] as number])) }))
  }

  async readCounters(name: string) {
    const metrics = this.counterMetrics.get(name) ?? []
    const docs = await this.db.collection<Record<string, unknown>>(name).find({}).sort({ dim: 1, day: 1, key: 1, sub: 1 }).toArray()
    return docs.map((d) => ({ dim: d.dim as string, key: d.key as string, day: d.day as string, sub: d.sub as string, values: Object.fromEntries(metrics.filter((m) => d[m]).map((m) => [m, d[m] as number])) }))
  }

  async pruneCounters(name: string, before: string) {
    if (!this.counterMetrics.has(name)) throw new Error(`counters ${name} not declared (ensureCounters)`)
    return (await this.db.collection(name).deleteMany({ day: { $lt: before } })).deletedCount
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
    const add = (collection: string, write: AnyBulkWriteOperation<Doc>) => {
      const last = runs[runs.length - 1]
      if (last?.collection === collection) last.writes.push(write)
      else runs.push({ collection, writes: [write] })
    }
    for (const op of ops) {
      if ('counters' in op) {
        const u = this.counterUpdate(op.counters, op.count)
        if (u.empty) continue
        add(op.counters, { updateOne: { filter: u.filter, update: u.update as never, upsert: true } })
        updated.push({ collection: op.counters, id: u.filter._id })
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
        await this.db.collection<Doc>(r.collection).bulkWrite(r.writes, { ordered: true, session })
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
