import type { Wiring } from '../wiring.ts'
import { createMarketsService } from './service.ts'

/** Markets, wired once (docs/markets.md): prefixes, languages and offer rules, kept in memory for routing and loaded before the first request. */
export async function createMarkets(w: Wiring) {
  const markets = createMarketsService({ markets: w.repos.markets, audit: w.audit, now: w.now, onChange: w.onChange, generation: w.generation })
  await markets.load()
  return { markets }
}
