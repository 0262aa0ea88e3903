/**
 * Revisions (issue 13; docs/decisions/013-drafts-and-revisions.md): every save of a post or brand page
 * keeps the whole record, so an editor can see what changed between two and restore one. Shared by the
 * server (the diff) and the admin panels (types).
 */

import { isLive, statusOf, type Publishing } from './publish-status.ts'

export type RevisionKind = 'post' | 'brand'
/**
 * What made a revision: a save from the admin or the CLI, a restore, the scheduler publishing it, or the
 * editor's form saving itself while they type (`autosave`: for a live or scheduled item it holds the typed
 * version without touching the item, until the editor saves it).
 */
export type RevisionAction = 'create' | 'update' | 'restore' | 'publish' | 'autosave'
export const REVISION_ACTIONS = ['create', 'update', 'restore', 'publish', 'autosave'] as const satisfies readonly RevisionAction[]

/**
 * What a revision did, as the history names it: a save that made an item live "published" it, one that
 * set a time "scheduled" it, one that took it off the site "unpublished" it; the rest "saved" it.
 */
export type RevisionEvent = 'saved' | 'published' | 'scheduled' | 'unpublished' | 'restored' | 'autosaved'
export const EVENT_LABELS: Record<RevisionEvent, string> = {
  saved: 'Saved',
  published: 'Published',
  scheduled: 'Scheduled',
  unpublished: 'Unpublished',
  restored: 'Restored',
  autosaved: 'Autosaved',
}

/** The event of a revision, from what made it and the item's publishing before (`older`, none for the first) and after. */
export function revisionEvent(action: RevisionAction, older: Publishing | null, newer: Publishing): RevisionEvent {
  if (action === 'restore') return 'restored'
  if (action === 'autosave') return 'autosaved'
  if (action === 'publish') return 'published'
  const was = older ? statusOf(older) : null
  if (isLive(newer)) return was === 'published' ? 'saved' : 'published'
  if (statusOf(newer) === 'scheduled') return was !== 'scheduled' || older?.publishAt !== newer.publishAt ? 'scheduled' : 'saved'
  return was === 'published' ? 'unpublished' : 'saved'
}

/** One line saying which fields changed: "Title, Description and Section 2 · Text", at most `max` named, then "and 4 more". */
export function changeSummary(changes: readonly Pick<FieldChange, 'label'>[], max = 3): string {
  const labels = [...new Set(changes.map((c) => c.label))]
  if (!labels.length) return 'No field changed'
  if (labels.length > max) return `${labels.slice(0, max).join(', ')} and ${labels.length - max} more`
  return labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`
}

/** A revision as the list shows it (the record is read one at a time). */
export type RevisionSummary = {
  _id: string
  at: string
  actor: string
  action: RevisionAction
  /** what it did (published, scheduled…); older revisions kept before events were recorded derive it from `action` */
  event: RevisionEvent
  /** which fields changed since the saved revision before it ("Title and Section 2 · Text"; "First version") */
  summary: string
  /** for a restore: the revision it brought back */
  restoredFrom?: string
  /** for an autosave: the item's version (`updatedAt`) it was typed on */
  baseVersion?: string
  /** the item's title (or brand name) in this revision */
  title: string
}
export type RevisionJson = RevisionSummary & { record: Record<string, unknown> }

/** A run of words in a field's change: kept, inserted or deleted (shown as <ins>/<del>). */
export type ChangePart = { text: string; op: 'same' | 'ins' | 'del' }
/**
 * One field that differs between two revisions: its path (`content.body.1.content`), the label an editor
 * knows it by ("Section 2 · Text"), both values as text, and the words that changed.
 */
export type FieldChange = { field: string; label: string; from: string; to: string; parts: ChangePart[] }

/** The default number of revisions kept per item (REVISIONS_KEEP). */
export const REVISIONS_KEEP_DEFAULT = 50

/** Fields every save changes, or the store derives: not what an editor changed. */
const IGNORED = new Set(['_id', 'createdAt', 'updatedAt', 'mediaRefs', 'rank', 'live', 'listed', 'tagSlug', 'tagSlugs', 'derived', 'type'])

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)
const isScalar = (v: unknown) => v === null || v === undefined || ['string', 'number', 'boolean'].includes(typeof v)

/** A value as an editor reads it: text as is, a list of words joined; nothing is ''. */
export function showValue(v: unknown): string {
  if (v === undefined || v === null) return ''
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (Array.isArray(v) && v.every(isScalar)) return v.map(showValue).join(', ')
  return JSON.stringify(v, null, 2)
}

/** Every leaf of a record by its path: lists of words are one field, lists of objects one field per item's field. */
function leaves(value: unknown, path: string, out: Map<string, string>) {
  if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out)
  else if (Array.isArray(value) && !value.every(isScalar)) value.forEach((v, i) => leaves(v, `${path}.${i}`, out))
  else out.set(path, showValue(value))
}

function fields(record: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(record)) {
    if (IGNORED.has(k)) continue
    if (k === 'tag' && Array.isArray(record.tags)) continue // the first of `tags`, shown there
    leaves(v, k, out)
  }
  return out
}

/** Field names as the forms label them. */
const NAMES: Record<string, string> = {
  title: 'Title', slug: 'URL slug', description: 'Description', tags: 'Tags', tag: 'Tag', image: 'Image', imageAlt: 'Alt text for the image',
  position: 'Position', status: 'Status', publishAt: 'Publish at', meta: '', author: 'Author name', date: 'Date', reviewer: 'Reviewer name', readTime: 'Read time',
  authorId: 'Author', reviewerId: 'Reviewed by', market: 'Market', translationOf: 'Translation of',
  summary: 'Summary point', body: 'Section', headline: 'Headline', keywords: 'Keywords', hyperlinks: 'Hyperlink', subsections: 'Subsection', subheading: 'Subheading',
  text: 'Text', url: 'URL', brandName: 'Brand Name', rating: 'Rating', type: 'Type', tagline: 'Tagline', offerHighlight: 'Offer Highlight', bonusOffer: 'Bonus Offer',
  bonusCondition: 'Bonus Condition', termsSummary: 'Significant terms', termsUrl: 'Full terms URL', campaignType: 'Campaign Type', dealBox: 'Deal box',
  ctaLabel: 'Button label', ctaUrl: 'Button URL', linkText: 'Link text', linkUrl: 'Link URL', mainText: 'Main text', subText: 'Sub text', countdownText: 'Countdown',
  promoTable: 'Promo table', promoTables: 'Promo table', heading: 'Heading', columns: 'Columns', rows: 'Row', timelines: 'Timeline', highlights: 'Highlight',
  sections: 'Section', bannerAlt: 'Banner alt text', logo: 'Logo', bannerImage: 'Banner', customParams: 'Custom parameter', key: 'Key', value: 'Value', geo: 'Countries',
}
const words = (k: string) => NAMES[k] ?? k.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase())

/** "content.body.1.subsections.0.content" → "Section 2 · Subsection 1 · Text". */
export function fieldLabel(path: string): string {
  const segs = path.split('.').filter((s, i, all) => !(i === 0 && s === 'content' && all.length > 1 && ['summary', 'body'].includes(all[1]!)))
  const out: string[] = []
  segs.forEach((s, i) => {
    if (/^\d+$/.test(s)) return
    const next = segs[i + 1]
    const name = s === 'content' && i > 0 ? 'Text' : words(s)
    if (!name) return
    out.push(next && /^\d+$/.test(next) ? `${name} ${Number(next) + 1}` : name)
  })
  return out.join(' · ') || path
}

/** Where a field stands in the forms (title first, publishing last); others after, by path. */
const ORDER = ['title', 'slug', 'brandName', 'image', 'imageAlt', 'tags', 'tag', 'description', 'position', 'content', 'meta', 'authorId', 'reviewerId', 'market', 'translationOf', 'status', 'publishAt']
const rank = (path: string) => {
  const i = ORDER.indexOf(path.split('.')[0]!)
  return i === -1 ? ORDER.length : i
}

/** Field by field, what changed from `older` to `newer`, in the form's order, each with its changed words. */
export function diffRecords(older: Record<string, unknown>, newer: Record<string, unknown>, wordDiff: (a: string, b: string) => ChangePart[]): FieldChange[] {
  const a = fields(older)
  const b = fields(newer)
  const out: FieldChange[] = []
  for (const field of new Set([...a.keys(), ...b.keys()])) {
    const from = a.get(field) ?? ''
    const to = b.get(field) ?? ''
    if (from !== to) out.push({ field, label: fieldLabel(field), from, to, parts: wordDiff(from, to) })
  }
  return out.sort((x, y) => rank(x.field) - rank(y.field) || (x.field < y.field ? -1 : x.field > y.field ? 1 : 0))
}
