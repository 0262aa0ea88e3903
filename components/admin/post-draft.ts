import type { Post, PostContent, PostType } from '../../lib/schemas.ts'
import { tagsOf, withTyped } from '../../lib/tags.ts'
import { publishingDraftOf, publishingPayload, type PublishingDraft } from './publishing.ts'

/** A post as the admin's form holds it, and its conversion to and from the API's shape (spec §7). */
export type PostDraft = {
  _id?: string
  title: string
  /** the address, /article/{slug}: '' for a new post (made from the title), the post's id once saved */
  slug: string
  image: string
  imageAlt: string
  /** the chips (issue 25); the first is the spec's `tag` */
  tags: string[]
  /** a tag still being typed: saved with the form */
  typedTag: string
  description: string
  position: string
  content: PostContent
  meta: Post['meta']
  /** the author and reviewer profiles (issue 22): '' for none */
  authorId: string
  reviewerId: string
  /** draft / scheduled / published (issue 13) */
  publishing: PublishingDraft
  /** issue 23: its market's key ('' for every market) and the post it translates ('' for none) */
  market: string
  translationOf: string
  /** the saved post had either: clearing them sends null */
  hadMarket?: boolean
}

export function toPayload(d: PostDraft, type: PostType) {
  const position = d.position.trim() === '' ? undefined : Number(d.position)
  const tags = withTyped(d.tags, d.typedTag)
  const slug = d.slug.trim()
  return {
    title: d.title,
    image: d.image,
    imageAlt: d.imageAlt.trim(),
    tag: tags[0] ?? '',
    tags,
    description: d.description,
    ...(position === undefined || Number.isNaN(position) ? {} : { position }),
    content: d.content,
    meta: d.meta,
    authorId: d.authorId || null,
    reviewerId: d.reviewerId || null,
    // issue 23: sent once either is set (older clients leave them out, and the post keeps its own)
    ...(d.market || d.translationOf || d.hadMarket ? { market: d.market || null, translationOf: d.translationOf.trim() || null } : {}),
    // a new post's chosen address, or a changed one (the old address then answers 301)
    ...(slug && slug !== d._id ? { slug } : {}),
    ...publishingPayload(d.publishing),
    type,
  }
}

/** Articles with no content or meta get empty defaults in the form (spec §3). `now`: a scheduled post whose time has passed is published. */
export function toDraft(post?: Post | null, now = new Date()): PostDraft {
  return {
    _id: post?._id,
    title: post?.title ?? '',
    slug: post?._id ?? '',
    image: post?.image ?? '',
    imageAlt: post?.imageAlt ?? '',
    tags: post ? tagsOf(post) : [],
    typedTag: '',
    description: post?.description ?? '',
    position: post?.position == null ? '' : String(post.position),
    content: { summary: post?.content?.summary ?? [], body: post?.content?.body ?? [] },
    meta: { author: '', date: '', reviewer: '', readTime: '', ...post?.meta },
    authorId: post?.authorId ?? '',
    reviewerId: post?.reviewerId ?? '',
    publishing: publishingDraftOf(post, now),
    market: post?.market ?? '',
    translationOf: post?.translationOf ?? '',
    hadMarket: Boolean(post?.market || post?.translationOf),
  }
}

/** Whether the form holds something its saved version does not (what a save would send differs). */
export const isDirty = (draft: PostDraft, saved: PostDraft, type: PostType) => JSON.stringify(toPayload(draft, type)) !== JSON.stringify(toPayload(saved, type))

/** Keywords are typed comma-separated and trimmed (spec §5). */
export function parseKeywords(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
}

/**
 * What readers would miss if this post went live now: its body text, its description, its image (the
 * editor is asked before publishing without them; a draft is never asked about).
 */
export function missingForReaders(d: PostDraft): string[] {
  const text = (s: string | undefined) => Boolean(s?.trim())
  const hasBody = d.content.body.some((s) => text(s.content) || s.subsections?.some((sub) => text(sub.content)))
  return [...(hasBody ? [] : ['body text']), ...(text(d.description) ? [] : ['a description']), ...(text(d.image) ? [] : ['an image'])]
}

/** "no body text, no description and no image" */
export function listMissing(missing: string[]): string {
  const items = missing.map((m) => `no ${m.replace(/^an? /, '')}`)
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}
