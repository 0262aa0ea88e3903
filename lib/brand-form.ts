import type { PromoTable } from './schemas.ts'

/** Tag inputs (spec §5): trimmed, empty values and duplicates ignored; a comma always separates tags. */
export function addTag(tags: string[], raw: string): string[] {
  let next = tags
  for (const part of raw.split(',')) {
    const tag = part.trim()
    if (tag && !next.includes(tag)) next = [...next, tag]
  }
  return next
}

/** Removing a column removes its cell from every row; later cells move left (col3 → col2). */
export function removeColumn(table: PromoTable, index: number): PromoTable {
  const columns = table.columns.filter((_, i) => i !== index)
  const rows = table.rows.map((row) => {
    const next: Record<string, string> = {}
    table.columns.forEach((_, i) => {
      if (i === index) return
      const to = i < index ? i : i - 1
      const cell = row[`col${i + 1}`]
      if (cell !== undefined) next[`col${to + 1}`] = cell
    })
    return next
  })
  return { ...table, columns, rows }
}

export const PROMO_PREVIEW_ROWS = 2 // spec §9

/** The admin table's Promo Table cell: heading plus the first 2 rows joined with ' | ', then '...(N rows)'. */
export function promoSummary(table: PromoTable | null | undefined): string {
  if (!table || (!table.heading && table.rows.length === 0)) return '-'
  const rowText = (row: Record<string, string>) =>
    Object.keys(row)
      .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))
      .map((k) => row[k])
      .filter(Boolean)
      .join(', ')
  const parts = [table.heading, ...table.rows.slice(0, PROMO_PREVIEW_ROWS).map(rowText)].filter(Boolean)
  const more = table.rows.length > PROMO_PREVIEW_ROWS ? ` ...(${table.rows.length} rows)` : ''
  return `${parts.join(' | ')}${more}`
}

/** '-' for empty values in the admin table (spec §2). */
export const orDash = (v: unknown) => (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0) ? '-' : Array.isArray(v) ? v.join(', ') : String(v))
