import type { InfoPage } from '../../lib/info-page-schemas.ts'
import type { MdTree } from '../../lib/markdown-tree.ts'
import { call } from './api.ts'

/** The info pages tab's calls (GET/POST /api/info-pages, PUT/DELETE /api/info-pages/:slug), with the bearer token. */

export type InfoPageDraft = { slug: string; title: string; body: string; seoTitle: string; seoDescription: string }

const one = (slug: string) => `/api/info-pages/${encodeURIComponent(slug)}`

export const infoPagesApi = {
  list: () => call<{ pages: InfoPage[] }>('/api/info-pages'),
  create: (d: InfoPageDraft) => call<InfoPage>('/api/info-pages', { method: 'POST', body: JSON.stringify(d) }),
  update: ({ slug, ...fields }: InfoPageDraft) => call<InfoPage>(one(slug), { method: 'PUT', body: JSON.stringify(fields) }),
  remove: (slug: string) => call<{ ok: true }>(one(slug), { method: 'DELETE' }),
  // the server parses the Markdown, so the preview is exactly what the page will show
  preview: (body: string) => call<{ tree: MdTree }>('/api/info-pages/preview', { method: 'POST', body: JSON.stringify({ body }) }),
}
