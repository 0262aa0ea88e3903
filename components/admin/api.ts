import type { BodySection, Post, PostContent, PostType } from '../../lib/schemas.ts'
import { authFetch } from '../account/session.ts'

/** The admin's calls (spec §7), all with the bearer token (a 401 refreshes once, then logs out). */

export type AdminContent = { hero: Post | null; featured: Post | null; articles: Post[]; articleBottoms: Post[] }
export type ImageResult = { id: string; urls: { small: string; regular: string }; alt_description: string }

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await authFetch(path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } })
  const body = await res.json().catch(() => null)
  if (!res.ok) throw new ApiError(res.status, (body as { message?: string } | null)?.message ?? `Request failed (${res.status})`)
  return body as T
}

export const createPath: Record<PostType, string> = {
  hero: '/api/posts/hero',
  featured: '/api/posts/featured',
  article: '/api/posts/article',
  articleBottom: '/api/posts/article-bottom',
}
export const generatePath: Record<Exclude<PostType, 'hero'>, string> = {
  featured: '/api/posts/generate-featured',
  article: '/api/posts/generate-article',
  articleBottom: '/api/posts/generate-article-bottom',
}

export type PostDraft = {
  _id?: string
  title: string
  image: string
  /** the lead image's alt text ('' = the title stands in) */
  imageAlt: string
  tag: string
  description: string
  position: string
  content: PostContent
  meta: Post['meta']
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
    type,
  }
}

export type PostListPage = { posts: Post[]; nextCursor: string | null; total: number }
/** Rows the admin's article lists load at a time. */
export const ADMIN_LIST_PAGE = 20

export const adminApi = {
  // the hero and featured item; the lists come a page at a time from `list`
  loadContent: () => call<AdminContent>('/api/posts/blog-content?limit=1'),
  list: (type: PostType, title: string, cursor?: string | null) =>
    call<PostListPage>(`/api/posts/list?${new URLSearchParams({ type, limit: String(ADMIN_LIST_PAGE), ...(title.trim() ? { title: title.trim() } : {}), ...(cursor ? { cursor } : {}) })}`),
  save: (type: PostType, draft: PostDraft) =>
    draft._id
      ? call<Post>(`/api/posts/${encodeURIComponent(draft._id)}`, { method: 'PUT', body: JSON.stringify(toPayload(draft, type)) })
      : call<Post>(createPath[type], { method: 'POST', body: JSON.stringify(toPayload(draft, type)) }),
  remove: (id: string) => call<{ ok: true }>(`/api/posts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  searchImages: (query: string, perPage: number, page: number) =>
    call<{ results: ImageResult[]; total_pages: number }>(`/api/posts/fluximg?${new URLSearchParams({ query, per_page: String(perPage), page: String(page) })}`),
  generate: (type: Exclude<PostType, 'hero'>, req: { title: string; imageUrl: string; position: string; sections: number }) =>
    call<{ success: boolean; content?: { summary: PostContent['summary']; body: BodySection[] } }>(generatePath[type], {
      method: 'POST',
      body: JSON.stringify(req),
    }),
}
