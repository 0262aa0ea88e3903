import type { Post, PostContent, PostType } from '../../lib/schemas.ts'
import { publishingDraftOf, publishingPayload, type PublishingDraft } from './publishing.ts'

/** A post as the admin's form holds it, and its conversion to and from the API's shape (spec §7). */
export type PostDraft = {
  _id?: string
  title: string
  image: string
  imageAlt: string
  tag: string
  description: string
  position: string
  content: PostContent
  meta: Post['meta']
  /** draft / scheduled / published (issue 13) */
  publishing: PublishingDraft
}

export function toPayload(d: PostDraft, type: PostType) {
  const position = d.position.trim() === '' ? undefined : Number(d.position)
  return {
    title: d.title,
    image: d.image,
    imageAlt: d.imageAlt.trim(),
    tag: d.tag,
    description: d.description,
    ...(position === undefined || Number.isNaN(position) ? {} : { position }),
    content: d.content,
    meta: d.meta,
    ...publishingPayload(d.publishing),
    type,
  }
}

/** Articles with no content or meta get empty defaults in the form (spec §3). */
export function toDraft(post?: Post | null): PostDraft {
  return {
    _id: post?._id,
    title: post?.title ?? '',
    image: post?.image ?? '',
    imageAlt: post?.imageAlt ?? '',
    tag: post?.tag ?? '',
    description: post?.description ?? '',
    position: post?.position == null ? '' : String(post.position),
    content: { summary: post?.content?.summary ?? [], body: post?.content?.body ?? [] },
    meta: { author: '', date: '', reviewer: '', readTime: '', ...post?.meta },
    publishing: publishingDraftOf(post),
  }
}

/** Keywords are typed comma-separated and trimmed (spec §5). */
export function parseKeywords(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
}
