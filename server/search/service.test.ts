import { describe, expect, it } from 'vitest'
import type { BrandDoc, BrandsRepository } from '../../db/repositories/brands.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import { isAvailableIn } from '../../lib/geo.ts'
import { DEFAULT_MARKET, type Market, MARKET_PRESETS, mayList, offerUnderRules } from '../../lib/markets.ts'
import { foldWord, searchTerms, SEARCH_BRANDS_MAX } from '../../lib/search.ts'
import { demoBrands } from '../demo/brands.ts'
import { createSearchService } from './service.ts'
import { brandScore } from './matching.ts'

/**
 * The brands a search offers, best first: picked as they come (scoreBrands, then the best few kept),
 * they must be those sorting every scored brand would give — by score, then rating, then editorial
 * order — among those the visitor's country may see and the market's rules list (issue 23), shown as
 * those rules allow.
 */
describe('brands offered by a search', () => {
  const template = demoBrands[0] as unknown as BrandDoc
  // many brands with equal scores for a word (the same tagline words), ratings with ties, some only in GB
  const docs = Array.from({ length: 60 }, (_, i) => ({
    ...template,
    _id: `b${i}`,
    brandName: `${['Kalo', 'Mira', 'Tenvor', 'Selra'][i % 4]} ${['Spins', 'Casino', 'Bet'][i % 3]} ${i}`,
    tagline: i % 5 ? 'Fast crypto payouts to the player' : 'Live tables to the player',
    rating: [4.5, 4.8, 4.5, 3.9, 4.8][i % 5],
    geo: i % 7 ? undefined : { allow: ['GB'] },
    // a third licensed by the Gambling Commission (a GB market lists only those), some without terms
    facts: { ...template.facts, licences: i % 3 ? [] : [{ regulator: 'UK Gambling Commission', number: `${i}` }] },
    validFrom: null,
    validUntil: null,
  })) as unknown as BrandDoc[]
  const posts = { searchPage: async () => ({ hits: [], matched: 0 }), searchCount: async () => 0, listedTags: async () => [], listedTagsByMarket: async () => [], recentTitles: async () => [] } as unknown as PostsRepository
  const service = createSearchService({ posts, brands: { list: async () => docs } as unknown as BrandsRepository, generation: () => 0 })

  const gb: Market = { ...DEFAULT_MARKET, ...MARKET_PRESETS.GB, key: 'gb', name: 'United Kingdom' }

  it.each(['to', 'the player', 'crypto', 'live', 'kalo', 'kalo spins', 'spins', 'mira casino 12', 'fast crypto', 'zzqx'])('"%s"', async (q) => {
    const lex = await service.lexicon()
    const terms = searchTerms(q).map(foldWord)
    for (const country of [null, 'GB', 'US'] as const) {
      for (const market of [DEFAULT_MARKET, gb]) {
        const expected = lex.brands
          .map((b) => ({ b, score: brandScore(terms, b) }))
          .filter((x) => x.score > 0 && isAvailableIn(x.b.geo, country) && mayList({ facts: x.b.facts, termsSummary: x.b.offer.termsSummary }, market))
          .sort((a, b) => b.score - a.score || (b.b.offer.rating ?? 0) - (a.b.offer.rating ?? 0))
          .slice(0, SEARCH_BRANDS_MAX)
          .map((x) => offerUnderRules(x.b.offer, market))
        expect((await service.search({ q }, { country, market })).brands, `${q} in ${country}, ${market.key}`).toEqual(expected)
      }
    }
  })
})
