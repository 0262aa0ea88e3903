import type { CounterKey } from './port.ts'

/**
 * Rolled-up counters (decision 026): beside each day's row, a counters table declared with `rollup` keeps
 * the same sums per block of 8 and 32 days, aligned on days since 1970-01-01, and both backends add
 * to them in the same write as the day's row (a `count` op becomes three upserts, all `$inc`: no read
 * before a write, so writers on other servers never lose an increment). A sum over a range reads the
 * range cut into the fewest whole blocks (days at its edges, then 8- and 32-day blocks inside):
 * a 90-day range is at most 7 + 3 + 2 + 3 + 7 rows per key, where it was 90 day rows — for a page viewed
 * on most days, 7 to 22 rows instead of 90; for a page viewed now and then, a few.
 *
 * Block rows live in the same table as the days, under the dimension `<dim>@<days>` (`page@8`), their
 * day being the block's first: the same key order, the same index, the same upsert. They are derived:
 * left out of `readCounters` (backups), built again from the days when missing (`ROLLUP_MARKER`).
 */
/**
 * The levels, as powers of two: 8- and 32-day blocks (issue 37). Measured on the bench's store (rows a 90-day
 * pages report reads, six alignments of the range): 4, 16 and 64 days read 418,000–564,000 rows for 4 upserts
 * per counter row; 8 and 32 days 293,000–444,000 for 3 (a 64-day block rarely fits a 90-day range that is
 * not aligned on it, and the long tail's pages are active on few days, which larger blocks merge).
 */
export const ROLLUP_LEVELS = [3, 5] as const

/** The row that says a table's blocks were built from its days, and with which levels. */
export const ROLLUP_MARKER = { dim: '@rollup', day: '0000-00-00', key: `levels:${ROLLUP_LEVELS.join(',')}`, sub: '' } as const

const DAY_MS = 86_400_000
/** Days since 1970-01-01 of a YYYY-MM-DD day. */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS)
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10)

export const rollupDim = (dim: string, level: number) => `${dim}@${1 << level}`
/** A block row's (or the marker's) dimension: never a day's, so never in a backup or a day-by-day sum. */
export const isDerivedDim = (dim: string) => dim.includes('@')

/** The block rows a day's row adds to, one per level: the same key and sub, the block's first day. */
export function rollupKeys(c: CounterKey): CounterKey[] {
  const n = dayNumber(c.day)
  return ROLLUP_LEVELS.map((level) => ({ dim: rollupDim(c.dim, level), key: c.key, sub: c.sub ?? '', day: dayOf((n >> level) << level) }))
}

/** A piece of a range: the rows of `dim` (a day's dimension or a block level's) whose day is in [from, to]. */
export type RangePiece = { dim: string; from: string; to: string }

/**
 * [from, to] cut into the fewest aligned blocks, as pieces to read: from the left, the largest block that
 * starts at the day reached and ends within the range, each level's run of blocks one piece (they are
 * consecutive rows' days), the days left at the edges one piece each. An invalid or empty range: one
 * piece of days, as asked (it matches nothing).
 */
export function rangePieces(dim: string, from: string, to: string): RangePiece[] {
  let a = dayNumber(from)
  const b = dayNumber(to)
  if (!Number.isFinite(a) || !Number.isFinite(b) || a > b || b - a > 200_000) return [{ dim, from, to }]
  const pieces: RangePiece[] = []
  while (a <= b) {
    let level = 0
    for (const l of ROLLUP_LEVELS) if (a % (1 << l) === 0 && a + (1 << l) - 1 <= b) level = l
    const size = 1 << level
    const d = level ? rollupDim(dim, level) : dim
    const last = pieces[pieces.length - 1]
    if (last?.dim === d) last.to = dayOf(a)
    else pieces.push({ dim: d, from: dayOf(a), to: dayOf(a) })
    a += size
  }
  return pieces
}
