import { useEffect, useState } from 'react'
import type { Market, MarketPreset } from '../../lib/markets.ts'
import { apiCall, ifMatch } from '../api-client.ts'

/** The Markets screen's calls (issue 23; writes are admin only: /api/markets). */
export const marketsApi = {
  list: () => apiCall<{ markets: Market[]; presets: Record<string, MarketPreset> }>('/api/markets'),
  create: (body: unknown) => apiCall<Market>('/api/markets', { method: 'POST', body: JSON.stringify(body) }),
  get: (key: string) => apiCall<Market>(`/api/markets/${encodeURIComponent(key)}`),
  /** `version`: the market's `updatedAt` the form was loaded from (If-Match): a newer save is refused with 409 */
  update: (key: string, body: unknown, version?: string) => apiCall<Market>(`/api/markets/${encodeURIComponent(key)}`, { method: 'PUT', headers: ifMatch(version), body: JSON.stringify(body) }),
  remove: (key: string) => apiCall<{ ok: true }>(`/api/markets/${encodeURIComponent(key)}`, { method: 'DELETE' }),
}

/** The site's markets for pickers (the post list, the post editor): [] until loaded, or when there are none. */
export function useMarkets(): Market[] {
  const [markets, setMarkets] = useState<Market[]>([])
  useEffect(() => {
    let live = true
    marketsApi
      .list()
      .then((r) => live && setMarkets(Array.isArray(r?.markets) ? r.markets : []))
      .catch(() => {}) // no picker then: every list shows all markets' posts
    return () => {
      live = false
    }
  }, [])
  return markets
}
