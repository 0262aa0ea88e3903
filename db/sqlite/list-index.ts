import type { Database } from 'bun:sqlite'
import type { ListIndexSpec } from '../port.ts'

/** The side table of a list index: each string of the field's list, with its document's rowid. */
export const sideTable = (collection: string, field: string) => `${collection}__list_${field.replaceAll('.', '_')}`

/**
 * A side table (`<name>__list_<field>`) indexed by value, kept in step by triggers on every insert, update
 * and delete (an API save, an import, a restore), and filled from the rows when new. An update that leaves
 * the list as it was touches nothing.
 */
export function createListIndex(db: Database, collection: string, spec: ListIndexSpec) {
  const side = sideTable(collection, spec.field)
  const path = `'$.${spec.field}'`
  const fill = (row: string) => `INSERT INTO "${side}" (v, r) SELECT value, ${row}.rowid FROM json_each(${row}.doc, ${path}) WHERE type = 'text';`
  db.transaction(() => {
    const exists = db.query<{ n: number }, [string]>("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?").get(side)!.n > 0
    if (exists) return
    db.exec(`CREATE TABLE "${side}" (v TEXT NOT NULL, r INTEGER NOT NULL)`)
    db.exec(`CREATE INDEX "${side}_v" ON "${side}" (v)`)
    db.exec(`CREATE INDEX "${side}_r" ON "${side}" (r)`)
    db.exec(`CREATE TRIGGER "${side}_ai" AFTER INSERT ON "${collection}" BEGIN ${fill('new')} END`)
    db.exec(`CREATE TRIGGER "${side}_ad" AFTER DELETE ON "${collection}" BEGIN DELETE FROM "${side}" WHERE r = old.rowid; END`)
    db.exec(
      `CREATE TRIGGER "${side}_au" AFTER UPDATE ON "${collection}" WHEN json_extract(old.doc, ${path}) IS NOT json_extract(new.doc, ${path}) BEGIN DELETE FROM "${side}" WHERE r = old.rowid; ${fill('new')} END`,
    )
    db.exec(`INSERT INTO "${side}" (v, r) SELECT j.value, t.rowid FROM "${collection}" t, json_each(t.doc, ${path}) j WHERE j.type = 'text'`)
  }).immediate()
}

/** A condition on a list-indexed field as SQL over its side table, or null when it is not one the index answers. */
export function listCondition(collection: string, key: string, cond: unknown): { sql: string; params: string[] } | null {
  const side = `"${sideTable(collection, key)}"`
  if (cond === null) return { sql: `json_extract(doc, '$.${key}') IS NULL`, params: [] }
  if (typeof cond === 'string') return { sql: `rowid IN (SELECT r FROM ${side} WHERE v = ?)`, params: [cond] }
  const keys = cond && typeof cond === 'object' ? Object.keys(cond) : []
  const values = (cond as { $in?: unknown })?.$in
  if (keys.length === 1 && Array.isArray(values) && values.length && values.every((v) => typeof v === 'string'))
    return { sql: `rowid IN (SELECT r FROM ${side} WHERE v IN (${values.map(() => '?').join(', ')}))`, params: values as string[] }
  return null
}
