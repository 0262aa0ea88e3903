import type { InfoPage } from '../../lib/info-page-schemas.ts'
import type { MdTree } from '../../lib/markdown-tree.ts'
import { ifMatch } from '../api-client.ts'
import { call } from './api.ts'

/** The info pages tab's calls (GET/POST /api/info-pages, PUT/DELETE /api/info-pages/:slug), with the bearer token. */

/** `version`: the stored `updatedAt` the form was loaded from (If-Match on update) */
export type InfoPageDraft = { slug: string; title: string; body: string; seoTitle: string; seoDescription: string; version?: string }

const one = (slug: string) => `/api/info-pages/${encodeURIComponent(slug)}`

export const infoPagesApi = {
  list: () => call<{ pages: InfoPage[] }>('/api/info-pages'),
  get: (slug: string) => call<InfoPage>(one(slug)),
  create: ({ version: _v, ...d }: InfoPageDraft) => call<InfoPage>('/api/info-pages', { method: 'POST', body: JSON.stringify(d) }),
  update: ({ slug, version, ...fields }: InfoPageDraft, base = version) => call<InfoPage>(one(slug), { method: 'PUT', headers: ifMatch(base), body: JSON.stringify(fields) }),
  remove: (slug: string) => call<{ ok: true }>(one(slug), { method: 'DELETE' }),
  // the server parses the Markdown, so the preview is exactly what the page will show
  preview: (body: string) => call<{ tree: MdTree }>('/api/info-pages/preview', { method: 'POST', body: JSON.stringify({ body }) }),
}
