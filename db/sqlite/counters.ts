import type { Database } from 'bun:sqlite'
import type { CounterKey, CounterQuery, CounterRow, CountersSpec } from '../port.ts'
import type { Param } from './filter.ts'

type Reader = { worker: Worker; next: number; waiting: Map<number, { resolve: (rows: Record<string, unknown>[]) => void; reject: (e: Error) => void }> }

/**
 * Counters in a table of their own with a real column per metric (decision 018): summing a 90-day range
 * reads numbers, not JSON (measured: 1.4 million rows summed by key in 0.8 s, against 6.5 s through
 * json_extract). Rows are ordered (dim, day, key, sub), so a day range is one contiguous read.
 */
export class SqliteCounters {
  private tables = new Map<string, readonly string[]>()
  /** the thread that reads large sums (./read-worker.ts), once a file-backed store needs one */
  private reader: Reader | null = null

  constructor(
    private db: Database,
    private file: string,
  ) {}

  ensure(name: string, spec: CountersSpec) {
    if (!/^[a-z_]+$/.test(name)) throw new Error(`bad counters name: ${name}`)
    for (const m of spec.metrics) if (!/^[a-z_]+$/.test(m)) throw new Error(`bad metric: ${m}`)
    // `<name>__counters`: a table of numbers, not of documents (listCollections leaves `__` tables out)
    this.db.exec(`CREATE TABLE IF NOT EXISTS "${name}__counters" (dim TEXT NOT NULL, day TEXT NOT NULL, key TEXT NOT NULL, sub TEXT NOT NULL DEFAULT '', PRIMARY KEY (dim, day, key, sub)) WITHOUT ROWID`)
    const have = new Set(this.db.query<{ name: string }, []>(`SELECT name FROM pragma_table_info('${name}__counters')`).all().map((r) => r.name))
    for (const m of spec.metrics) if (!have.has(m)) this.db.exec(`ALTER TABLE "${name}__counters" ADD COLUMN "${m}" REAL NOT NULL DEFAULT 0`)
    this.tables.set(name, [...spec.metrics])
  }

  private metricsOf(name: string) {
    const metrics = this.tables.get(name)
    if (!metrics) throw new Error(`counters ${name} not declared (ensureCounters)`)
    return metrics
  }

  /** Adds to one row (created at zero), inside the caller's transaction (a batch). */
  add(name: string, c: CounterKey & { inc: Record<string, number> }) {
    const metrics = this.metricsOf(name)
    const cols = Object.keys(c.inc).filter((m) => c.inc[m] !== 0)
    for (const m of cols) if (!metrics.includes(m)) throw new Error(`unknown metric ${m} in ${name}`)
    if (!cols.length) return
    const sql = `INSERT INTO "${name}__counters" (dim, day, key, sub, ${cols.map((m) => `"${m}"`).join(', ')}) VALUES (?, ?, ?, ?${', ?'.repeat(cols.length)}) ON CONFLICT DO UPDATE SET ${cols.map((m) => `"${m}" = "${m}" + excluded."${m}"`).join(', ')}`
    this.db.query(sql).run(c.dim, c.day, c.key, c.sub ?? '', ...cols.map((m) => c.inc[m]!))
  }

  async sum(name: string, q: CounterQuery) {
    const metrics = this.metricsOf(name)
    const where = [`dim = ?`, `day BETWEEN ? AND ?`, q.subs === '' ? `sub = ''` : `sub != ''`]
    const params: Param[] = [q.dim, q.from, q.to]
    if (q.keys) {
      if (!q.keys.length) return []
      where.push(`key IN (${q.keys.map(() => '?').join(', ')})`)
      params.push(...q.keys)
    }
    const group = q.by === 'key' ? 'key, sub' : 'key, sub, day'
    const sql = `SELECT ${group}, ${metrics.map((m) => `SUM("${m}") AS "${m}"`).join(', ')} FROM "${name}__counters" WHERE ${where.join(' AND ')} GROUP BY ${group}`
    // a file-backed store sums on its reader thread: the server's own thread goes on answering meanwhile
    const rows = this.file === ':memory:' ? this.db.query<Record<string, unknown>, Param[]>(sql).all(...params) : await this.readOnThread(sql, params as (string | number)[])
    return rows.map((r) => ({
      dim: q.dim,
      key: r.key as string,
      sub: r.sub as string,
      ...(q.by === 'key-day' ? { day: r.day as string } : {}),
      values: Object.fromEntries(metrics.filter((m) => r[m]).map((m) => [m, r[m] as number])),
    }))
  }

  private readOnThread(sql: string, params: (string | number)[]): Promise<Record<string, unknown>[]> {
    if (!this.reader) {
      const worker = new Worker(new URL('./read-worker.ts', import.meta.url).href)
      const reader: Reader = { worker, next: 0, waiting: new Map() }
      worker.onmessage = (e: MessageEvent<{ id: number; rows?: Record<string, unknown>[]; error?: string }>) => {
        const w = reader.waiting.get(e.data.id)
        reader.waiting.delete(e.data.id)
        if (e.data.error !== undefined) w?.reject(new Error(e.data.error))
        else w?.resolve(e.data.rows ?? [])
      }
      ;(worker as Worker & { unref?: () => void }).unref?.() // a waiting reader never keeps a process alive
      this.reader = reader
    }
    const reader = this.reader
    const id = ++reader.next
    return new Promise((resolve, reject) => {
      reader.waiting.set(id, { resolve, reject })
      reader.worker.postMessage({ id, file: this.file, sql, params })
    })
  }

  read(name: string): CounterRow[] {
    const metrics = this.metricsOf(name)
    return this.db
      .query<Record<string, unknown>, []>(`SELECT * FROM "${name}__counters" ORDER BY dim, day, key, sub`)
      .all()
      .map((r) => ({ dim: r.dim as string, key: r.key as string, day: r.day as string, sub: r.sub as string, values: Object.fromEntries(metrics.filter((m) => r[m]).map((m) => [m, r[m] as number])) }))
  }

  prune(name: string, before: string) {
    this.metricsOf(name)
    return this.db.query(`DELETE FROM "${name}__counters" WHERE day < ?`).run(before).changes
  }

  close() {
    this.reader?.worker.terminate()
    this.reader = null
  }
}
