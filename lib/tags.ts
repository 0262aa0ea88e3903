import { slugify } from './slug.ts'

/**
 * A post's tags (issue 25): a list, whose first is the spec's single `tag`. One spelling per archive:
 * tags that make the same slug ('Guides', 'guides') are one tag, written as first given.
 */
export const TAG_MAX_LENGTH = 100
export const TAGS_MAX = 20

/** The tags of a post as stored or as an older client knows it (only `tag`). */
export function tagsOf(post: { tag?: string; tags?: readonly string[] }): string[] {
  if (post.tags?.length) return [...post.tags]
  return post.tag?.trim() ? [post.tag.trim()] : []
}

/** Trimmed, without empties, one per archive (by slug), at most TAGS_MAX. */
export function normalizeTags(list: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of list) {
    const tag = raw.trim().replace(/\s+/g, ' ')
    if (!tag) continue
    const key = slugify(tag) || tag.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(tag)
  }
  return out.slice(0, TAGS_MAX)
}

/** The archive slugs of a post's tags (a tag of only punctuation has no archive). */
export const tagSlugsOf = (post: { tag?: string; tags?: readonly string[] }) => [...new Set(tagsOf(post).map(slugify).filter(Boolean))]

/**
 * What a chip input holds when the form is saved: the chips plus the tag still being typed (issue 25:
 * "a tag still being typed is saved with the form"); text with commas is several tags.
 */
export function withTyped(chips: readonly string[], typed: string): string[] {
  return normalizeTags([...chips, ...typed.split(',')])
}
