import type { ImageResult } from '../../lib/image-search.ts'
import type { RevisionJson } from '../../lib/revisions.ts'
import type { BodySection, Post, PostContent, PostType, ReadablePostType } from '../../lib/schemas.ts'
import type { TrashedPostSummary } from '../../lib/trash.ts'
import { type PostDraft, toPayload } from './post-draft.ts'
import { apiCall, ifMatch } from '../api-client.ts'

/** The admin's calls (spec §7), all with the bearer token (a 401 refreshes once, then logs out). */

export type AdminContent = { hero: Post | null; featured: Post | null; articles: Post[]; articleBottoms: Post[] }
export type { ImageResult }

export { ApiError } from '../api-client.ts'
export type { PostDraft }
/** The admin's calls go through the one API client (components/api-client.ts). */
export const call = apiCall

export const createPath: Record<PostType, string> = {
  hero: '/api/posts/hero',
  featured: '/api/posts/featured',
  article: '/api/posts/article',
  articleBottom: '/api/posts/article-bottom',
}
export const generatePath: Record<ReadablePostType, string> = {
  featured: '/api/posts/generate-featured',
  article: '/api/posts/generate-article',
  articleBottom: '/api/posts/generate-article-bottom',
}

export type PostListPage = { posts: Post[]; nextCursor: string | null; total: number }
/** Rows the admin's article lists load at a time. */
export const ADMIN_LIST_PAGE = 20

export const adminApi = {
  // the hero and featured item; the lists come a page at a time from `list`
  loadContent: () => call<AdminContent>('/api/posts/blog-content?limit=1'),
  /** `market`: one market's posts, `shared` for those written for every market, '' for all (issue 23) */
  list: (type: PostType, title: string, cursor?: string | null, market = '') =>
    call<PostListPage>(`/api/posts/list?${new URLSearchParams({ type, limit: String(ADMIN_LIST_PAGE), ...(title.trim() ? { title: title.trim() } : {}), ...(market ? { market } : {}), ...(cursor ? { cursor } : {}) })}`),
  /** `version`: the stored `updatedAt` the form was based on (If-Match): a newer save meanwhile is refused with 409 */
  save: (type: PostType, draft: PostDraft, version?: string) =>
    draft._id
      ? call<Post>(`/api/posts/${encodeURIComponent(draft._id)}`, { method: 'PUT', headers: ifMatch(version), body: JSON.stringify(toPayload(draft, type)) })
      : call<Post>(createPath[type], { method: 'POST', body: JSON.stringify(toPayload(draft, type)) }),
  /**
   * The form saving itself (If-Match `version` required): a draft takes the fields (`applied`, with its new
   * version in `post`); a live or scheduled post keeps them as an autosave revision, untouched. Never a status change.
   */
  autosave: (id: string, type: PostType, draft: PostDraft, version: string | undefined) =>
    call<{ post: Post; applied: boolean; at: string; image: string }>(`/api/posts/${encodeURIComponent(id)}/autosave`, { method: 'PUT', headers: ifMatch(version), body: JSON.stringify(toPayload({ ...draft, slug: '' }, type)) }),
  /** The autosave waiting on a live or scheduled post (typed on its current version), or null. */
  pendingAutosave: (id: string) => call<{ autosave: RevisionJson | null }>(`/api/posts/${encodeURIComponent(id)}/autosave`),
  /** One post of any status, for the editor (the admin's address of a post). */
  get: (id: string) => call<Post>(`/api/posts/${encodeURIComponent(id)}`),
  /** Every tag posts hold: the tag field's suggestions. */
  tags: () => call<{ tags: string[] }>('/api/posts/tags'),
  /** What the editor can offer (AI writing configured or not). */
  writingTools: () => call<{ ai: boolean }>('/api/posts/writing-tools'),
  /** Moves a post to the Trash (issue 32): restorable for 30 days. */
  remove: (id: string) => call<{ ok: true; trashed: TrashedPostSummary }>(`/api/posts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  trash: () => call<{ posts: TrashedPostSummary[]; total: number; days: number }>('/api/posts/trash'),
  restoreFromTrash: (id: string) => call<Post>(`/api/posts/trash/${encodeURIComponent(id)}/restore`, { method: 'POST' }),
  deleteForever: (id: string) => call<{ ok: true }>(`/api/posts/trash/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  searchImages: (query: string, perPage: number, page: number) =>
    call<{ results: ImageResult[]; total_pages: number; fallback?: boolean }>(`/api/posts/fluximg?${new URLSearchParams({ query, per_page: String(perPage), page: String(page) })}`),
  generate: (type: ReadablePostType, req: { title: string; imageUrl: string; position: string; sections: number }) =>
    call<{ success: boolean; content?: { summary: PostContent['summary']; body: BodySection[]; imageAlt?: string } }>(generatePath[type], {
      method: 'POST',
      body: JSON.stringify(req),
    }),
}
