import * as z from 'zod'

/**
 * Drafts and scheduled publishing (issue 13; docs/decisions/013-drafts-and-revisions.md), shared by the
 * server, the CLI and both admin panels. Posts and brand pages carry a `status`; only published items
 * reach a public surface (pages, public API answers, offer lists, archives, search, sitemap, feeds, /go).
 * Items saved before statuses existed have none, and count as published.
 */
import { parseIsoInstant } from './format.ts'
import { PUBLISH_STATUSES, type PublishStatus } from './publish-status.ts'

export { isLive, PUBLISH_STATUSES, type Publishing, type PublishStatus, STATUS_LABELS, statusAt, statusOf } from './publish-status.ts'
export const publishStatusSchema = z.enum(PUBLISH_STATUSES, { error: 'status must be draft, scheduled or published' })


/** How far ahead an item may be scheduled: a year (a time further out is almost always a typo). */
export const MAX_SCHEDULE_AHEAD_MS = 365 * 24 * 60 * 60 * 1000


/** As sent by a client: `publishAt` is an ISO 8601 date and time, with an offset or as UTC (lib/dates.ts parseIsoInstant). */
export const publishingInputShape = {
  status: publishStatusSchema.optional(),
  publishAt: z.string().trim().max(64, 'publishAt is too long').optional().nullable(),
}

export type PublishingInput = { status?: PublishStatus; publishAt?: string | null }
export type ResolvedPublishing = { status: PublishStatus; publishAt?: string }
export type PublishingError = { path: 'publishAt'; message: string }

/**
 * What a save stores: a scheduled time in the past publishes now, one more than a year ahead or one
 * that does not parse (or names a day that does not exist) is refused (the caller answers 400 naming `publishAt`). Draft and published keep
 * no time.
 */
export function resolvePublishing(input: { status: PublishStatus; publishAt?: string | null }, now: Date): ResolvedPublishing | { error: PublishingError } {
  if (input.status !== 'scheduled') return { status: input.status }
  const raw = input.publishAt?.trim() ?? ''
  if (!raw) return { error: { path: 'publishAt', message: 'Choose when to publish' } }
  // ISO 8601 only, a real day and time: `new Date` would roll 2026-02-30 over to 2 March
  const at = parseIsoInstant(raw)
  if (!at) return { error: { path: 'publishAt', message: 'Invalid publishAt: use a real date and time such as 2026-12-01T09:00:00Z' } }
  if (at.getTime() <= now.getTime()) return { status: 'published' }
  if (at.getTime() - now.getTime() > MAX_SCHEDULE_AHEAD_MS) return { error: { path: 'publishAt', message: 'Invalid publishAt: schedule at most a year ahead' } }
  return { status: 'scheduled', publishAt: at.toISOString() }
}
