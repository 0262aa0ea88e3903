import type { Filter, Sort } from '../port.ts'
import { listCondition } from './list-index.ts'

/** A field path a declaration or projection may name (it is written into SQL). */
export const FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/

export type Param = string | number | bigint | boolean | null
/** The conditions SQL can take, and whether they are the whole filter (`complete`): the rest is mingo's. */
export type Sql = { where: string[]; params: Param[]; complete: boolean }

/** What a filter's translation needs to know of its collection: which fields its indexes and list indexes hold. */
export type FilterContext = { name: string; indexed: ReadonlySet<string>; listed: ReadonlySet<string> }

/** A field as SQL over a row of the collection (`alias`: the row's alias and dot, `r.`). */
export function fieldColumn(field: string, alias = '') {
  return field === '_id' ? `${alias}id` : `json_extract(${alias}doc, '$.${field}')`
}

const REGEX_META = new Set('\\^$.|?*+()[]{}/'.split(''))

/**
 * A case-insensitive regex that is only an escaped ASCII literal (what a "contains" filter sends) as
 * a LIKE pattern, which SQLite also matches case-insensitively for ASCII; anything else is null (mingo).
 */
function likePattern(source: unknown, options: unknown): string | null {
  if (typeof source !== 'string' || options !== 'i' || !/^[\x20-\x7e]*$/.test(source)) return null
  let literal = ''
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]
    if (ch === '\\') {
      const next = source[++i]
      if (next === undefined || !REGEX_META.has(next)) return null
      literal += next
    } else if (REGEX_META.has(ch)) return null
    else literal += ch
  }
  return `%${literal.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

const RANGE = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const

/** A filter value as SQLite sees it inside the JSON: Dates keep their `{"$date": iso}` text, which sorts as the ISO string does. */
function sqlValue(v: unknown): Param | undefined {
  if (v instanceof Date) return JSON.stringify({ $date: v.toISOString() })
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v
  return undefined
}

/**
 * The SQL for the conditions of `filter` it can take: those on `_id` and on declared index fields (which
 * hold scalars: strings, numbers, booleans, Dates or null), and list-index conditions; `complete` when
 * that is the whole filter. `column` names a field's SQL when the query is not on the collection's own
 * table (a text search's keys); list conditions are then left to mingo.
 */
export function toSql(filter: Filter, ctx: FilterContext, column?: (field: string) => string): Sql {
  const out: Sql = { where: [], params: [], complete: true }
  const colOf = column ?? ((field: string) => fieldColumn(field))
  for (const [key, cond] of Object.entries(filter)) {
    if ((key === '$or' || key === '$and') && Array.isArray(cond) && cond.length) {
      // pushed only when every branch is: a partial $or would drop matches
      const parts = cond.map((branch) => toSql(branch as Filter, ctx, column))
      if (parts.every((p) => p.complete)) {
        const joined = parts.map((p) => (p.where.length ? `(${p.where.join(' AND ')})` : '1'))
        out.where.push(`(${joined.join(key === '$or' ? ' OR ' : ' AND ')})`)
        for (const p of parts) out.params.push(...p.params)
      } else out.complete = false
      continue
    }
    if (ctx.listed.has(key)) {
      // the side table is joined by the collection's own rowid: only in a query on the collection itself
      const list = column === undefined ? listCondition(ctx.name, key, cond) : null
      if (list) {
        out.where.push(list.sql)
        out.params.push(...list.params)
      } else out.complete = false
      continue
    }
    if (key.startsWith('$') || (key !== '_id' && !ctx.indexed.has(key))) {
      out.complete = false
      continue
    }
    const col = colOf(key)
    const simple = sqlValue(cond)
    if (cond === null) out.where.push(`${col} IS NULL`)
    else if (simple !== undefined) {
      out.where.push(`${col} = ?`)
      out.params.push(simple)
    } else if (cond && typeof cond === 'object' && !Array.isArray(cond)) {
      for (const [op, arg] of Object.entries(cond)) {
        const v = sqlValue(arg)
        if (op === '$options') continue // read with $regex
        if (op === '$regex') {
          const pattern = likePattern(arg, (cond as { $options?: unknown }).$options)
          if (pattern === null) out.complete = false
          else {
            out.where.push(`${col} LIKE ? ESCAPE '\\'`)
            out.params.push(pattern)
          }
        } else if (op in RANGE && v !== undefined) {
          out.where.push(`${col} ${RANGE[op as keyof typeof RANGE]} ?`)
          out.params.push(v)
        } else if (op === '$eq' && v !== undefined) {
          out.where.push(`${col} = ?`)
          out.params.push(v)
        } else if (op === '$ne' && v !== undefined) {
          out.where.push(`(${col} IS NULL OR ${col} != ?)`) // Mongo: a missing field is "not equal"
          out.params.push(v)
        } else if (op === '$in' && Array.isArray(arg) && arg.length && arg.every((x) => sqlValue(x) !== undefined)) {
          out.where.push(`${col} IN (${arg.map(() => '?').join(', ')})`)
          out.params.push(...arg.map((x) => sqlValue(x)!))
        } else out.complete = false
      }
    } else out.complete = false
  }
  return out
}

/** ORDER BY for a sort on `_id` and index fields; null when some field is not one (mingo sorts). */
export function orderBy(sort: Sort | undefined, ctx: FilterContext): string | null {
  if (!sort) return ''
  const keys = Object.entries(sort)
  if (!keys.every(([k]) => k === '_id' || ctx.indexed.has(k))) return null
  // rowid last: ties keep insertion order, as they did when mingo sorted
  return ` ORDER BY ${keys.map(([k, dir]) => `${fieldColumn(k)} ${dir === -1 ? 'DESC' : 'ASC'}`).join(', ')}, rowid`
}

/** ` WHERE …` of the conditions, or nothing. */
export const whereClause = (sql: Sql) => (sql.where.length ? ` WHERE ${sql.where.join(' AND ')}` : '')
