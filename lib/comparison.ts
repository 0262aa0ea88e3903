/**
 * Comparison tables in articles (issue 22; docs/writing.md, "Comparison tables"). An editor writes a
 * directive on a line of its own anywhere in a section's text:
 *
 *   {{compare brands="nova-spins, arcadia-bet" columns="bonus, code, wagering, score"}}
 *   {{compare type="typeCrypto" limit="5" columns="bonus, minDeposit, withdrawal" title="Best crypto casinos"}}
 *
 * `brands` lists brands by id, in that order; otherwise `type` (a type tag such as typeCrypto) or `tag`
 * (an article tag such as Crypto, matched like the article's offers box) chooses them by rule, up to
 * `limit` (5 by default, 10 at most). Every table is resolved when the page renders, for the visitor's
 * country: brands not available there, unpublished, or whose offer is not running are left out.
 */

import { COMPARE_COLUMNS, type CompareColumn } from './comparison-columns.ts'

export { COMPARE_COLUMNS, type CompareColumn, type Comparison, type ComparisonRow } from './comparison-columns.ts'

export const COMPARE_COLUMN_NAMES = Object.keys(COMPARE_COLUMNS) as CompareColumn[]
export const DEFAULT_COMPARE_COLUMNS: CompareColumn[] = ['bonus', 'wagering', 'minDeposit', 'score']
export const COMPARE_LIMIT = { default: 5, max: 10 }
const TITLE_MAX = 120

export type CompareSpec = {
  brands?: string[]
  type?: string
  tag?: string
  limit: number
  columns: CompareColumn[]
  title?: string
}

/** A line that is a directive (whatever its attributes): `{{compare …}}` alone on its line. */
export const DIRECTIVE_LINE = /^[ \t]*\{\{\s*compare\b([^{}\n]*)\}\}[ \t]*$/
const ATTR = /([A-Za-z]+)\s*=\s*"([^"]*)"/g
const KNOWN = new Set(['brands', 'type', 'tag', 'limit', 'columns', 'title'])
const ID = /^[A-Za-z0-9_-]{1,100}$/

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** A directive line's table, or what is wrong with it (said so an editor can fix it). */
export function parseCompareDirective(line: string): { spec: CompareSpec } | { error: string } | null {
  const m = DIRECTIVE_LINE.exec(line)
  if (!m) return null
  const attrs = new Map<string, string>()
  const rest = m[1]!.replace(ATTR, (_, name: string, value: string) => {
    attrs.set(name, value)
    return ''
  })
  if (rest.trim()) return { error: `write each setting as name="value" (could not read "${rest.trim().slice(0, 40)}")` }
  for (const name of attrs.keys()) if (!KNOWN.has(name)) return { error: `unknown setting "${name}"; use brands, type, tag, limit, columns or title` }
  const spec: CompareSpec = { limit: COMPARE_LIMIT.default, columns: DEFAULT_COMPARE_COLUMNS }
  const brands = attrs.get('brands')
  if (brands !== undefined) {
    const ids = list(brands)
    const bad = ids.find((id) => !ID.test(id))
    if (bad) return { error: `"${bad.slice(0, 40)}" is not a brand id` }
    if (!ids.length) return { error: 'brands="…" names no brand' }
    if (ids.length > COMPARE_LIMIT.max) return { error: `at most ${COMPARE_LIMIT.max} brands` }
    spec.brands = [...new Set(ids)]
  }
  for (const name of ['type', 'tag'] as const) {
    const v = attrs.get(name)?.trim()
    if (v !== undefined) {
      if (!v || v.length > 100) return { error: `${name}="…" must name one ${name}` }
      spec[name] = v
    }
  }
  if (!spec.brands && !spec.type && !spec.tag) return { error: 'choose the brands (brands="a, b") or a rule (type="…" or tag="…")' }
  if (spec.brands && (spec.type || spec.tag)) return { error: 'choose brands or a rule, not both' }
  const limit = attrs.get('limit')
  if (limit !== undefined) {
    const n = Number(limit)
    if (!/^\d+$/.test(limit.trim()) || n < 1 || n > COMPARE_LIMIT.max) return { error: `limit must be a whole number from 1 to ${COMPARE_LIMIT.max}` }
    spec.limit = n
  }
  const columns = attrs.get('columns')
  if (columns !== undefined) {
    const names = list(columns)
    const unknown = names.find((c) => !(c in COMPARE_COLUMNS))
    if (unknown) return { error: `unknown column "${unknown.slice(0, 40)}"; columns are ${COMPARE_COLUMN_NAMES.join(', ')}` }
    if (!names.length) return { error: 'columns="…" names no column' }
    spec.columns = [...new Set(names)] as CompareColumn[]
  }
  const title = attrs.get('title')?.trim()
  if (title) {
    if (title.length > TITLE_MAX) return { error: `title must be at most ${TITLE_MAX} characters` }
    spec.title = title
  }
  return { spec }
}

/** The directive text for a table (the editor's insert helper writes it). */
export function formatCompareDirective(spec: Partial<CompareSpec>): string {
  const parts: string[] = []
  if (spec.brands?.length) parts.push(`brands="${spec.brands.join(', ')}"`)
  if (spec.type) parts.push(`type="${spec.type}"`)
  if (spec.tag) parts.push(`tag="${spec.tag}"`)
  if (!spec.brands?.length && spec.limit && spec.limit !== COMPARE_LIMIT.default) parts.push(`limit="${spec.limit}"`)
  if (spec.columns?.length) parts.push(`columns="${spec.columns.join(', ')}"`)
  if (spec.title) parts.push(`title="${spec.title.replace(/"/g, "'")}"`)
  return `{{compare ${parts.join(' ')}}}`
}

/** Each directive in a text, by line: its table or its problem (the save check and the editor's preview). */
export function directivesIn(text: string): { line: number; result: { spec: CompareSpec } | { error: string } }[] {
  const out: { line: number; result: { spec: CompareSpec } | { error: string } }[] = []
  text.split('\n').forEach((l, i) => {
    const r = parseCompareDirective(l)
    if (r) out.push({ line: i + 1, result: r })
  })
  return out
}
