import { networkHash } from '../attribution/trust.ts'
import type { Content } from '../content/index.ts'
import type { Wiring } from '../wiring.ts'
import { createNotFoundService } from './not-found.ts'
import { createSearchQueries } from './queries.ts'
import { createSearchService } from './service.ts'

/**
 * Site search, wired once (docs/search.md): articles, brands and tags with typos and suggestions
 * (./service.ts, ./lexicon.ts), what readers search for (./queries.ts: counted in memory, written in
 * batches), and the 404 page's help (./not-found.ts).
 */
export function createSearch(w: Wiring, deps: { content: Content; secret: string }) {
  const { repos, now, log } = w
  const searchQueries = createSearchQueries({
    repo: repos.searchQueries,
    claim: repos.limits.claim,
    visitorOf: (ip) => networkHash(deps.secret, ip), // a visitor as clicks and views count them
    now,
    onError: (err) => log.error({ err }, 'search statistics: a batch was not written'),
  })
  const search = createSearchService({ posts: repos.posts, brands: repos.brands, generation: w.generation, onSearch: searchQueries.noteOutcome, now, marketKeys: deps.content.content.marketKeysFor })
  return {
    search,
    searchQueries,
    notFound: createNotFoundService({ search, posts: repos.posts, counters: repos.counters, now, generation: w.generation, marketKeys: deps.content.content.marketKeysFor }),
  }
}
