import type { Db } from 'mongodb'
import { isDerivedDim, rangePieces, ROLLUP_MARKER, rollupKeys } from './counter-rollup.ts'
import type { CounterKey, CounterQuery, CountersSpec } from './port.ts'

type Update = { filter: { _id: string }; update: { $inc: Record<string, number>; $setOnInsert: Record<string, string> } }
const idOf = (c: Required<CounterKey>) => `${c.dim}|${c.day}|${c.key}|${c.sub}`

/**
 * Counters tables on MongoDB (db/port.ts `CountersSpec`): documents `{_id: dim|day|key|sub, dim, day, key,
 * sub, <metrics>}`, added to with `$inc` upserts in the caller's batch, summed by an aggregation. A
 * rolled-up table's blocks (./counter-rollup.ts) are documents of the same shape under `<dim>@<level>`.
 */
export class MongoCounters {
  private metrics = new Map<string, readonly string[]>()
  private rolled = new Set<string>()

  constructor(
    private db: Db,
    /** FerretDB 1.x: every query scans the collection, and its $group hands a group's documents to its first accumulator only */
    private ferretDb: boolean,
  ) {}

  async ensure(name: string, spec: CountersSpec) {
    await this.db.collection(name).createIndex({ dim: 1, day: 1, key: 1 })
    this.metrics.set(name, [...spec.metrics])
    if (!spec.rollup) return
    this.rolled.add(name)
    if (!(await this.db.collection(name).findOne({ _id: idOf(ROLLUP_MARKER) } as never))) await this.buildRollup(name)
  }

  /**
   * The blocks summed again from the days (at the first start with rolled-up counters, or after a prune):
   * each written with its sums as they are, then the marker. Not atomic with writes from other servers
   * meanwhile (no transaction on a standalone server): run before a new version takes traffic (docs/mongodb.md).
   */
  private async buildRollup(name: string) {
    const metrics = this.metricsOf(name)
    const c = this.db.collection<Record<string, unknown>>(name)
    await c.deleteMany({ dim: { $regex: '@' } })
    const blocks = new Map<string, Record<string, unknown> & Required<CounterKey>>()
    for await (const d of c.find({ dim: { $not: /@/ } })) {
      for (const b of rollupKeys({ dim: d.dim as string, key: d.key as string, day: d.day as string, sub: d.sub as string })) {
        const id = idOf(b as Required<CounterKey>)
        const row = blocks.get(id) ?? blocks.set(id, { _id: id, ...(b as Required<CounterKey>) }).get(id)!
        for (const m of metrics) if (typeof d[m] === 'number' && d[m]) row[m] = ((row[m] as number | undefined) ?? 0) + (d[m] as number)
      }
    }
    const docs = [...blocks.values()]
    for (let i = 0; i < docs.length; i += 5_000) await c.insertMany(docs.slice(i, i + 5_000))
    await c.updateOne({ _id: idOf(ROLLUP_MARKER) } as never, { $set: { ...ROLLUP_MARKER } }, { upsert: true })
  }

  private metricsOf(name: string) {
    const metrics = this.metrics.get(name)
    if (!metrics) throw new Error(`counters ${name} not declared (ensureCounters)`)
    return metrics
  }

  /** The upserts one `count` op makes: its day's row, and its blocks when the table has them (empty when it adds nothing). */
  updates(name: string, c: CounterKey & { inc: Record<string, number> }): Update[] {
    const metrics = this.metricsOf(name)
    const inc = Object.fromEntries(Object.entries(c.inc).filter(([, v]) => v !== 0))
    for (const m of Object.keys(inc)) if (!metrics.includes(m)) throw new Error(`unknown metric ${m} in ${name}`)
    if (!Object.keys(inc).length) return []
    if (isDerivedDim(c.dim)) throw new Error(`counters: a dimension has no @ (${c.dim})`)
    const rows = [{ dim: c.dim, day: c.day, key: c.key, sub: c.sub ?? '' }, ...(this.rolled.has(name) ? rollupKeys(c) : [])] as Required<CounterKey>[]
    return rows.map((r) => ({ filter: { _id: idOf(r) }, update: { $inc: { ...inc }, $setOnInsert: { dim: r.dim, day: r.day, key: r.key, sub: r.sub } } }))
  }

  async sum(name: string, q: CounterQuery) {
    const metrics = this.metrics.get(name) ?? []
    const pieces = q.by === 'key' && this.rolled.has(name) ? rangePieces(q.dim, q.from, q.to) : [{ dim: q.dim, from: q.from, to: q.to }]
    const sub = q.subs === '' ? '' : { $ne: '' }
    const match: Record<string, unknown> = pieces.length === 1 ? { dim: pieces[0]!.dim, day: { $gte: pieces[0]!.from, $lte: pieces[0]!.to }, sub } : { $or: pieces.map((p) => ({ dim: p.dim, day: { $gte: p.from, $lte: p.to } })), sub }
    if (q.keys) match.key = { $in: [...q.keys] }
    type Summed = Record<string, unknown> & { _id: { key: string; sub: string; day?: string } }
    let rows: Summed[]
    if (this.ferretDb) {
      // FerretDB 1.x scans the whole collection for every query (no filter reaches its SQLite tables, not
      // even the index's), and its $group hands a group's documents to its first accumulator only: the
      // matching rows are read once and summed here. (One aggregation per metric was 15 scans per sum,
      // 30 per report: the Earnings screen's five reports took over a second once the blocks made the
      // collection four times as long.)
      const sums = new Map<string, Summed>()
      const projection = Object.fromEntries(['key', 'sub', ...(q.by === 'key-day' ? ['day'] : []), ...metrics].map((f) => [f, 1]))
      for (const d of await this.db.collection<Record<string, unknown>>(name).find(match, { projection }).toArray()) {
        const id = { key: d.key as string, sub: d.sub as string, ...(q.by === 'key-day' ? { day: d.day as string } : {}) }
        const k = JSON.stringify([id.key, id.sub, id.day])
        const row = sums.get(k) ?? sums.set(k, { _id: id }).get(k)!
        for (const m of metrics) if (typeof d[m] === 'number') row[m] = ((row[m] as number | undefined) ?? 0) + (d[m] as number)
      }
      rows = [...sums.values()]
    } else {
      const id = q.by === 'key' ? { key: '$key', sub: '$sub' } : { key: '$key', sub: '$sub', day: '$day' }
      rows = await this.db
        .collection(name)
        .aggregate<Summed>([{ $match: match }, { $group: { _id: id, ...Object.fromEntries(metrics.map((m) => [m, { $sum: `$${m}` }])) } }])
        .toArray()
    }
    return rows.map((r) => ({ dim: q.dim, key: r._id.key, sub: r._id.sub, ...(q.by === 'key-day' ? { day: r._id.day } : {}), values: Object.fromEntries(metrics.filter((m) => r[m]).map((m) => [m, r[m] as number])) }))
  }

  /** Every day's row (blocks and the marker are derived: left out). */
  async read(name: string) {
    const metrics = this.metrics.get(name) ?? []
    const docs = await this.db.collection<Record<string, unknown>>(name).find({ dim: { $not: /@/ } }).sort({ dim: 1, day: 1, key: 1, sub: 1 }).toArray()
    return docs.map((d) => ({ dim: d.dim as string, key: d.key as string, day: d.day as string, sub: d.sub as string, values: Object.fromEntries(metrics.filter((m) => d[m]).map((m) => [m, d[m] as number])) }))
  }

  /** Deletes the days before `before`; a rolled-up table's blocks are summed again from the days left. */
  async prune(name: string, before: string) {
    this.metricsOf(name)
    const deleted = (await this.db.collection(name).deleteMany({ day: { $lt: before }, dim: { $not: /@/ } })).deletedCount
    if (this.rolled.has(name) && deleted) await this.buildRollup(name)
    return deleted
  }
}
