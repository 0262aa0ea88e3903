import type { BrandPage } from '../../lib/schemas.ts'
import { apiCall } from '../api-client.ts'

const call = apiCall

/** The brand admin's calls (spec §7). Writes send the spec's multipart form. */
export const brandApi = {
  list: () => call<{ pages: BrandPage[] }>('/api/brands/static-offers-admin'),
  save: (id: string | undefined, form: FormData) =>
    call<BrandPage>(id ? `/api/brands/${encodeURIComponent(id)}` : '/api/brands', { method: id ? 'PUT' : 'POST', body: form }),
  remove: (id: string) => call<{ ok: true }>(`/api/brands/${encodeURIComponent(id)}`, { method: 'DELETE' }),
}

/** The affiliate disclosure line (a site setting; compliance). */
export const disclosureApi = {
  get: () => call<{ text: string; linkUrl: string }>('/api/site-settings/disclosure'),
  save: (text: string) =>
    call<{ text: string; linkUrl: string }>('/api/site-settings/disclosure', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) }),
}
