/**
 * A post's or brand page's publishing status without its input rules (those, with zod, are in
 * ./publishing.ts): what public pages import, so no validator reaches their JavaScript (the preview
 * banner on article and brand pages pulled zod's 26 KB in through ./publishing.ts).
 */
export const PUBLISH_STATUSES = ['draft', 'scheduled', 'published'] as const
export type PublishStatus = (typeof PUBLISH_STATUSES)[number]

/** What the admin shows for each status. */
export const STATUS_LABELS: Record<PublishStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' }

/** The publishing fields of a stored post or brand page. */
export type Publishing = { status?: PublishStatus | null; publishAt?: string | null }

/** Shown to visitors: published, or saved before statuses existed. */
export const isLive = (item: Publishing): boolean => item.status == null || item.status === 'published'

/** The status an item is in, for display: no status is published. */
export const statusOf = (item: Publishing): PublishStatus => item.status ?? 'published'

/**
 * The status an item is in at `now`, as readers meet it: a scheduled item whose time has passed is
 * published (the scheduler flips the stored status within its interval; a screen opened before that
 * must not go on saying "goes live").
 */
export function statusAt(item: Publishing, now: Date = new Date()): PublishStatus {
  const status = statusOf(item)
  if (status !== 'scheduled' || !item.publishAt) return status
  const at = Date.parse(item.publishAt)
  return !Number.isNaN(at) && at <= now.getTime() ? 'published' : status
}
