import type { Context } from 'hono'
import { AppError } from '../errors.ts'

/**
 * No silent overwrite between editors (docs/api.md, "Edit conflicts"). Every editable item (post, brand
 * page, info page, author, market, setting) has an `updatedAt`, and that is its version: a client that
 * edits an item sends the version it loaded as `If-Match`, and a save against a newer version is refused
 * with 409 `edit_conflict`, saying who saved and when. Without the header (older clients, the spec's own
 * calls, the CLI) the last save wins, as before.
 */

/** The version a write was based on: the `If-Match` header, quotes and a weak mark taken off; `*` is no condition. */
export function baseVersionOf(c: Context): string | undefined {
  const raw = c.req.header('if-match')?.trim()
  if (!raw) return undefined
  const value = raw.replace(/^W\//, '').replace(/^"(.*)"$/, '$1').trim()
  return value && value !== '*' ? value.slice(0, 64) : undefined
}

/** Who made an item's last write, and when (from the audit log); null when nobody is on record. */
export type LastWrite = { actor: string; at: string } | null

/**
 * Refuses a write based on another version than `current` (the stored `updatedAt`): 409 `edit_conflict`
 * with `current: { updatedAt, updatedBy }`, so the form can offer to review, reload or overwrite.
 */
export async function assertCurrentVersion(opts: {
  base: string | undefined
  current: string | undefined
  /** how the message names the item: “Hollow Knight speedrun guide” */
  name: string
  lastWrite: () => Promise<LastWrite>
}): Promise<void> {
  if (opts.base === undefined || opts.current === undefined || sameInstant(opts.base, opts.current)) return
  const last = await opts.lastWrite().catch(() => null)
  const who = last?.actor ?? 'someone else'
  throw new AppError('edit_conflict', `${opts.name} was saved by ${who} at ${opts.current} after you opened it: review their change, reload, or overwrite it knowingly`, undefined, {
    current: { updatedAt: opts.current, updatedBy: last?.actor ?? null },
  })
}

/** Two version stamps name one version: the same text, or the same instant written another way. */
function sameInstant(a: string, b: string): boolean {
  if (a === b) return true
  const x = Date.parse(a)
  return !Number.isNaN(x) && x === Date.parse(b)
}

/**
 * The `updatedAt` a write stores: now, or a millisecond after the stored one when the clock has not moved
 * past it (two saves in one millisecond would otherwise share a version, and the second would pass as the first).
 */
export function nextVersion(previous: string | undefined, now: Date): string {
  const before = previous ? Date.parse(previous) : Number.NaN
  return new Date(Number.isNaN(before) || now.getTime() > before ? now.getTime() : before + 1).toISOString()
}
