import type { PostsRepository } from '../../db/repositories/posts.ts'
import { changedFields } from '../../lib/audit.ts'
import { isSafeHref } from '../../lib/links.ts'
import { freeSlug } from '../../lib/slug.ts'
import { type Post, type PostBody, postBodySchema, type PostType } from '../../lib/schemas.ts'
import { AppError, notFound } from '../errors.ts'
import type { AuditService } from './audit.ts'
import type { MediaService } from './media.ts'

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)?(;[a-z0-9=.-]+)*;base64,(.*)$/is
const BASE64 = /^[A-Za-z0-9+/\s]+={0,2}$/

/**
 * Post writes (spec §7). Images given as a data URL or raw base64 are decoded, checked by their bytes
 * and stored in the media library; posts only ever carry URLs. Every write clears the render cache.
 */
export function createPostsService(deps: {
  posts: PostsRepository
  media: MediaService
  audit: AuditService
  now: () => Date
  onChange: () => void
}) {
  const { posts, media } = deps

  type Resolved = { url: string; stored?: { id: string; contentType: string; size: number; created: boolean } }
  async function resolveImage(image: string, alt: string, slug: string): Promise<Resolved> {
    if (!image) return { url: '' }
    if (isSafeHref(image)) return { url: image }
    const dataUrl = image.match(DATA_URL)
    const base64 = dataUrl ? dataUrl[3] : BASE64.test(image) && image.length > 32 ? image : null
    if (base64 === null) throw new AppError('bad_request', 'Invalid image: use an http(s) URL, an uploaded image, or base64 image data')
    const bytes = Buffer.from(base64.replace(/\s+/g, ''), 'base64')
    const declared = dataUrl?.[1]?.toLowerCase()
    const saved = await media.saveImage(new Uint8Array(bytes), { alt, filename: `${slug || 'image'}`, declaredType: declared })
    return { url: saved.url, stored: saved }
  }

  const freeId = (title: string) => freeSlug(title, async (id) => Boolean(await posts.findById(id)))

  return {
    async create(type: PostType, body: PostBody): Promise<Post> {
      const input = postBodySchema.parse(body)
      const _id = await freeId(input.title)
      const at = deps.now().toISOString()
      const resolved = await resolveImage(input.image, input.title, _id)
      const image = resolved.url
      const post: Post = { ...input, _id, type, image, createdAt: at, updatedAt: at }
      await posts.insert(post)
      deps.onChange()
      await media.recordChanges({ created: resolved.stored?.created ? [resolved.stored] : [] })
      await deps.audit.record({ action: 'post.create', target: `post:${_id}`, changes: changedFields(null, post) })
      return post
    },

    /** Replaces a post's editable fields; its id, type and creation time stay. */
    async update(id: string, body: PostBody): Promise<Post> {
      const existing = await posts.findById(id)
      if (!existing) throw notFound('Post not found')
      const { _id: _ignored, type: _type, ...input } = postBodySchema.parse(body)
      const resolved = await resolveImage(input.image, input.title, id)
      const image = resolved.url
      const { position, ...rest } = input
      const fields = { ...rest, ...(position === undefined ? {} : { position }), image, updatedAt: deps.now().toISOString() }
      await posts.update(id, fields, position === undefined ? ['position'] : [])
      deps.onChange()
      const updated = { ...existing, ...fields }
      if (position === undefined) delete updated.position
      await media.recordChanges({ created: resolved.stored?.created ? [resolved.stored] : [] })
      await deps.audit.record({ action: 'post.update', target: `post:${id}`, changes: changedFields(existing, updated) })
      return updated
    },

    async remove(id: string) {
      const existing = await posts.findById(id)
      if (!existing || !(await posts.remove(id))) throw notFound('Post not found')
      deps.onChange()
      await deps.audit.record({ action: 'post.delete', target: `post:${id}`, note: existing.title })
    },
  }
}
export type PostsService = ReturnType<typeof createPostsService>
