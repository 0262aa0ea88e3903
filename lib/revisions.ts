/**
 * Revisions (issue 13; docs/decisions/013-drafts-and-revisions.md): every save of a post or brand page
 * keeps the whole record, so an editor can see what changed between two and restore one. Shared by the
 * server (the diff) and the admin panels (types).
 */

export type RevisionKind = 'post' | 'brand'
/** What made a revision: a save from the admin or the CLI, a restore, or the scheduler publishing it. */
export type RevisionAction = 'create' | 'update' | 'restore' | 'publish'

/** A revision as the list shows it (the record is read one at a time). */
export type RevisionSummary = {
  _id: string
  at: string
  actor: string
  action: RevisionAction
  /** for a restore: the revision it brought back */
  restoredFrom?: string
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
  position: 'Position', status: 'Status', publishAt: 'Publish at', meta: '', author: 'Author', date: 'Date', reviewer: 'Reviewer', readTime: 'Read time',
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
const ORDER = ['title', 'slug', 'brandName', 'image', 'imageAlt', 'tags', 'tag', 'description', 'position', 'content', 'meta', 'status', 'publishAt']
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
