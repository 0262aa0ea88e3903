import type { BrandPage } from '../../lib/schemas.ts'
import { apiCall, ifMatch } from '../api-client.ts'

const call = apiCall

/** The brand admin's calls (spec §7). Writes send the spec's multipart form. */
export const brandApi = {
  list: () => call<{ pages: BrandPage[] }>('/api/brands/static-offers-admin'),
  /** One brand page of any status, for the editor. */
  get: (id: string) => call<BrandPage>(`/api/brands/${encodeURIComponent(id)}/edit`),
  /** `version`: the stored `updatedAt` the form was based on (If-Match): a newer save meanwhile is refused with 409 */
  save: (id: string | undefined, form: FormData, version?: string) =>
    call<BrandPage>(id ? `/api/brands/${encodeURIComponent(id)}` : '/api/brands', { method: id ? 'PUT' : 'POST', headers: ifMatch(id ? version : undefined), body: form }),
  remove: (id: string) => call<{ ok: true }>(`/api/brands/${encodeURIComponent(id)}`, { method: 'DELETE' }),
}

/** The affiliate disclosure line (a site setting; compliance). */
export const disclosureApi = {
  get: () => call<{ text: string; linkUrl: string; updatedAt: string | null }>('/api/site-settings/disclosure'),
  save: (text: string, version?: string | null) =>
    call<{ text: string; linkUrl: string; updatedAt: string | null }>('/api/site-settings/disclosure', { method: 'PUT', headers: { 'content-type': 'application/json', ...ifMatch(version) }, body: JSON.stringify({ text }) }),
}
