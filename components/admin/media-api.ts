import type { MediaUse } from '../../lib/media-refs.ts'
import { apiCall } from '../api-client.ts'

/** The Media screen's calls (admin only: GET /api/media, DELETE /api/media/:id). */
export type { MediaUse }
export type MediaItem = { _id: string; url: string; alt: string; filename: string; contentType: string; size: number; files: number; createdAt: string; usedBy: MediaUse[] }
export type MediaPage = { items: MediaItem[]; nextCursor: string | null }

export const mediaApi = {
  list: (opts: { cursor?: string | null; unused?: boolean } = {}) => {
    const q = new URLSearchParams({ limit: '40' })
    if (opts.cursor) q.set('cursor', opts.cursor)
    if (opts.unused) q.set('unused', '1')
    return apiCall<MediaPage>(`/api/media?${q}`)
  },
  remove: (id: string) => apiCall<{ ok: true; id: string; files: number }>(`/api/media/${encodeURIComponent(id)}`, { method: 'DELETE' }),
}
