import { adminTime } from '../../lib/format.ts'
import { type Publishing, type PublishStatus, statusAt } from '../../lib/publishing.ts'
import type { RevisionKind } from '../../lib/revisions.ts'
import { apiCall } from '../api-client.ts'

/** The publishing part of a post or brand form: a `datetime-local` value is the editor's local time. */
export type PublishingDraft = { status: PublishStatus; publishAt: string }

const pad = (n: number) => String(n).padStart(2, '0')
/** An ISO time as a `datetime-local` value in the browser's time zone ('' for none). */
export function toLocalInput(iso: string | undefined | null): string {
  const d = iso ? new Date(iso) : null
  if (!d || Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/**
 * A loaded item's publishing state at `now`; a new item starts published (spec §7: a save is live) unless
 * the editor chooses otherwise. A scheduled item whose time has passed is published (it went live).
 */
export function publishingDraftOf(item?: Publishing | null, now = new Date()): PublishingDraft {
  const status = item ? statusAt(item, now) : 'published'
  return { status, publishAt: status === 'scheduled' ? toLocalInput(item?.publishAt) : '' }
}

/** What a save sends: the status, and for a scheduled one its time as an ISO instant (unparsable text goes as typed: the server names it). */
export function publishingPayload(d: PublishingDraft): { status: PublishStatus; publishAt?: string } {
  if (d.status !== 'scheduled') return { status: d.status }
  const at = new Date(d.publishAt)
  return { status: d.status, publishAt: d.publishAt && !Number.isNaN(at.getTime()) ? at.toISOString() : d.publishAt }
}

/** One line for lists: "Draft", "Scheduled · 1 Dec 2026, 09:00", or null when published. */
export function statusBadge(item: Publishing, now = new Date()): string | null {
  const status = statusAt(item, now)
  if (status === 'published') return null
  if (status === 'draft') return 'Draft'
  const at = adminTime(item.publishAt)
  return at ? `Scheduled · ${at}` : 'Scheduled'
}

/** A signed link to the item's page as it will look (POST /api/preview-links). */
export const previewLink = (kind: RevisionKind, id: string) => apiCall<{ path: string; expiresAt: string }>('/api/preview-links', { method: 'POST', body: JSON.stringify({ kind, id }) })

/**
 * What the main button will do, said before it is pressed (issue 25: drafts are a choice, not an
 * accident): publish now, update the live page, schedule for a time, keep or make a draft.
 */
export function publishPlan(opts: { button: string; isNew: boolean; wasLive: boolean; status: PublishStatus; publishAt: string }): string {
  const { button, isNew, wasLive, status } = opts
  if (status === 'scheduled') {
    const at = new Date(opts.publishAt)
    if (!opts.publishAt || Number.isNaN(at.getTime())) return `Choose when it goes live; ${button} then schedules it.`
    const when = adminTime(at) // in the editor's time zone, which the admin states once at the top
    if (at.getTime() <= Date.now()) return `${button} publishes it now: that time has passed.`
    return wasLive ? `${button} takes it off the site until ${when}, when it goes live again by itself.` : `${button} schedules it: it goes live by itself on ${when}.`
  }
  if (status === 'draft') {
    if (isNew) return `${button} saves it as a draft: only editors see it (with Preview).`
    return wasLive ? `${button} takes it off the site and keeps it as a draft.` : `${button} keeps it a draft: only editors see it. Choose Published above to publish it.`
  }
  if (isNew) return `${button} publishes it now: visitors see it at once.`
  return wasLive ? `${button} changes the live page now.` : `${button} publishes it now: visitors see it at once.`
}
