import type { Database } from 'bun:sqlite'
import { find as mingoFind, Query } from 'mingo'
import { parse as decode, stringify as encode } from '../extended-json.ts'
import { type Collection, type CommonTerms, type Doc, DuplicateKeyError, equalityFields, type Filter, type FindOptions, type TextPageOptions, type TextSearchOptions, type Update } from '../port.ts'
import { FIELD, type FilterContext, fieldColumn, orderBy, type Param, type Sql, toSql, whereClause } from './filter.ts'
import { sideTable } from './list-index.ts'
import type { TextIndex } from './text-match.ts'
import { type RankedWindows, textCount, textPage, textSearch } from './text-ranking.ts'
import { applyUpdate } from './update.ts'

/** What a collection needs of its store (SqliteStore): the connection, and what the store knows of each collection. */
export interface CollectionHost {
  readonly db: Database
  /** Rows fetched by queries (not by primary key): tests use it to prove a list reads only its page. */
  rowsRead: number
  readonly rankedWindows: RankedWindows
  ensureTable(name: string): void
  indexedFields(name: string): ReadonlySet<string>
  listFields(name: string): ReadonlySet<string>
  textIndex(name: string): TextIndex | undefined
}

function isUniqueViolation(err: unknown) {
  return err instanceof Error && /UNIQUE constraint failed/.test(err.message)
}

/**
 * A table per collection (`_id` plus the document as JSON). Conditions on `_id` and on declared index
 * fields go to SQL (./filter.ts), as do sort, skip and limit when the whole filter does; anything else
 * is finished by `mingo`. Text search: ./text-match.ts and ./text-ranking.ts.
 */
export class SqliteCollection<T extends Doc> implements Collection<T> {
  constructor(
    private host: CollectionHost,
    readonly name: string,
  ) {}

  get db() {
    return this.host.db
  }
  get windows() {
    return this.host.rankedWindows
  }
  read(rows: number) {
    this.host.rowsRead += rows
  }
  textIndex() {
    return this.host.textIndex(this.name)
  }

  private get filterContext(): FilterContext {
    return { name: this.name, indexed: this.host.indexedFields(this.name), listed: this.host.listFields(this.name) }
  }

  /** The conditions of `filter` SQL can take; `column` names a field's SQL outside the collection's own table. */
  toSql(filter: Filter, column?: (field: string) => string): Sql {
    return toSql(filter, this.filterContext, column)
  }

  private select(sql: Sql, tail = '', projection?: readonly string[]) {
    this.host.ensureTable(this.name)
    const rows = this.db.query<Record<string, unknown> & { doc: string }, Param[]>(`SELECT ${this.columns(projection)} FROM "${this.name}"${whereClause(sql)}${tail}`).all(...sql.params)
    this.read(rows.length)
    return rows
  }

  /** The columns a query reads: the whole document, or `_id` plus the projected fields' JSON. */
  private columns(projection: readonly string[] | undefined, alias = '') {
    if (!projection) return `${alias}doc`
    for (const f of projection) if (!FIELD.test(f) || f.includes('.')) throw new Error(`bad projection field: ${f}`)
    return [`${alias}id AS _id`, ...projection.filter((f) => f !== '_id').map((f, i) => `${alias}doc -> '$.${f}' AS p${i}`)].join(', ')
  }

  private fromRow(row: Record<string, unknown>, projection: readonly string[] | undefined): T {
    if (!projection) return decode<T>(row.doc as string)
    const out: Record<string, unknown> = { _id: row._id }
    projection
      .filter((f) => f !== '_id')
      .forEach((f, i) => {
        const v = row[`p${i}`]
        if (v !== null && v !== undefined) out[f] = decode(v as string) // a missing field stays missing
      })
    return out as T
  }

  private match(filter: Filter, options: FindOptions = {}): T[] {
    const keys = Object.keys(filter)
    if (keys.length === 1 && typeof filter._id === 'string' && !options.skip && !options.projection) {
      // the common case (find by id): straight to the primary key
      this.host.ensureTable(this.name)
      const row = this.db.query<{ doc: string }, [string]>(`SELECT doc FROM "${this.name}" WHERE id = ?`).get(filter._id)
      return row ? [decode<T>(row.doc)] : []
    }
    const sql = this.toSql(filter)
    const order = orderBy(options.sort, this.filterContext)
    if (sql.complete && order !== null) {
      // everything in SQL: only the rows asked for are read and decoded
      const limit = options.limit ? ` LIMIT ${Math.floor(options.limit)}` : options.skip ? ' LIMIT -1' : ''
      const offset = options.skip ? ` OFFSET ${Math.floor(options.skip)}` : ''
      return this.select(sql, order + limit + offset, options.projection).map((r) => this.fromRow(r, options.projection))
    }
    let cursor = mingoFind(
      this.select(sql).map((r) => decode<T>(r.doc)),
      filter as never,
    )
    if (options.sort) cursor = cursor.sort(options.sort)
    if (options.skip) cursor = cursor.skip(options.skip)
    if (options.limit) cursor = cursor.limit(options.limit)
    const docs = cursor.all() as T[]
    if (!options.projection) return docs
    const keep = new Set(['_id', ...options.projection])
    return docs.map((d) => Object.fromEntries(Object.entries(d).filter(([k]) => keep.has(k))) as T)
  }

  async textSearch(terms: readonly string[], options: TextSearchOptions = {}) {
    return textSearch<T>(this, terms, options)
  }

  async textPage(terms: readonly string[], options: TextPageOptions) {
    return textPage<T>(this, terms, options)
  }

  async textCount(terms: readonly string[], filter: Filter = {}, options: { limit?: number } & CommonTerms = {}) {
    return textCount(this, terms, filter, options)
  }

  async distinct(field: string, filter: Filter = {}) {
    const sql = this.toSql(filter)
    if (this.host.listFields(this.name).has(field) && sql.complete) {
      // a list field: its values from the side table, of the matching documents' rows
      this.host.ensureTable(this.name)
      const where = sql.where.length ? ` WHERE r IN (SELECT rowid FROM "${this.name}" WHERE ${sql.where.join(' AND ')})` : ''
      return this.db.query<{ v: string }, Param[]>(`SELECT DISTINCT v FROM "${sideTable(this.name, field)}"${where} ORDER BY v`).all(...sql.params).map((r) => r.v)
    }
    if (!this.host.indexedFields(this.name).has(field) || !sql.complete) {
      // as MongoDB does, a list's values count one by one
      const values = new Set((await this.find(filter)).flatMap((d) => [(d as Record<string, unknown>)[field]].flat()).filter((v) => v !== undefined))
      return [...values].sort()
    }
    this.host.ensureTable(this.name)
    return this.db.query<{ v: unknown }, Param[]>(`SELECT DISTINCT ${fieldColumn(field)} AS v FROM "${this.name}"${whereClause(sql)} ORDER BY v`).all(...sql.params).map((r) => r.v)
  }

  async find(filter: Filter = {}, options?: FindOptions) {
    return this.match(filter, options)
  }

  async findOne(filter: Filter) {
    return this.match(filter, { limit: 1 })[0] ?? null
  }

  insertSync(doc: T) {
    this.host.ensureTable(this.name)
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

  async insertMissing(docs: T[]) {
    this.host.ensureTable(this.name)
    const insert = this.db.query(`INSERT OR IGNORE INTO "${this.name}" (id, doc) VALUES (?, ?)`)
    return this.db.transaction(() => docs.filter((d) => insert.run(d._id, encode(d)).changes === 1).map((d) => d._id)).immediate()
  }

  async incrementMany(items: readonly { _id: string; inc: Record<string, number>; setOnInsert?: Record<string, unknown> }[]) {
    if (!items.length) return []
    return this.db.transaction(() => items.map((i) => this.updateSync({ _id: i._id }, { $inc: i.inc, $setOnInsert: i.setOnInsert }, { upsert: true }).doc!)).immediate()
  }

  /** Answers the document as written (after the update), or null when nothing matched and no upsert. */
  updateSync(filter: Filter, update: Update, options: { upsert?: boolean } = {}): { doc: T | null; upserted: boolean } {
    const [doc] = this.match(filter, { limit: 1 })
    if (!doc) {
      if (!options.upsert) return { doc: null, upserted: false }
      const fresh = { ...equalityFields(filter), ...update.$setOnInsert } as T
      applyUpdate(fresh, { ...update, $setOnInsert: undefined })
      if (!fresh._id) throw new Error(`upsert into ${this.name} needs an _id in the filter or $setOnInsert`)
      this.insertSync(fresh)
      return { doc: fresh, upserted: true }
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
    return { doc, upserted: false }
  }

  // Read-modify-write under an immediate transaction: another process's write cannot slip in between.
  async updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }) {
    const { doc, upserted } = this.db.transaction(() => this.updateSync(filter, update, options)).immediate()
    return { matched: doc && !upserted ? 1 : 0, upserted }
  }

  async findOneAndUpdate(filter: Filter, update: Update, options?: { upsert?: boolean }) {
    return this.db.transaction(() => this.updateSync(filter, update, options)).immediate().doc
  }

  deleteSync(filter: Filter, many: boolean) {
    const sql = this.toSql(filter)
    if (many && sql.complete) {
      this.host.ensureTable(this.name)
      return this.db.query<unknown, Param[]>(`DELETE FROM "${this.name}"${whereClause(sql)}`).run(...sql.params).changes
    }
    const docs = this.match(filter, many ? {} : { limit: 1 })
    const del = this.db.query(`DELETE FROM "${this.name}" WHERE id = ?`)
    for (const d of docs) del.run(d._id)
    return docs.length
  }

  async deleteOne(filter: Filter) {
    return this.deleteSync(filter, false)
  }

  async deleteMany(filter: Filter) {
    return this.db.transaction(() => this.deleteSync(filter, true)).immediate()
  }

  async count(filter: Filter = {}) {
    const sql = this.toSql(filter)
    if (sql.complete) {
      this.host.ensureTable(this.name)
      return this.db.query<{ n: number }, Param[]>(`SELECT count(*) AS n FROM "${this.name}"${whereClause(sql)}`).get(...sql.params)!.n
    }
    return this.select(sql).filter((r) => new Query(filter as never).test(decode(r.doc))).length
  }
}
