import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRegistry } from '../../db/registry.ts'
import { type BrandDoc, createBrandsRepository } from '../../db/repositories/brands.ts'
import { createPostsRepository } from '../../db/repositories/posts.ts'
import { SqliteStore } from '../../db/sqlite/index.ts'
import { searchCorpus } from '../../test/search-corpus.ts'
import { demoBrands } from '../demo/brands.ts'
import { createSearchService, type SearchService } from './service.ts'

/**
 * What readers find: queries as people type them — brand names, typos, word starts, phrases full of common
 * words — over a fixed archive of about 2,500 articles (test/search-corpus.ts), each with the articles a
 * reader expects on the first page. A change to matching or ranking (decision 009) may reorder results, but
 * none of these may drop out of the top 5. `brand`: the brand offered above the results. `via`: the query
 * matches no article, and the "Did you mean" spelling it offers is followed, as the page's link would be.
 */
type Case = { q: string; top: string[]; brand?: string; via?: string }

const CASES: Case[] = [
  // brands, as named in reviews and offers
  { q: 'nova spins', top: ['nova-spins-review'], brand: 'nova-spins' },
  { q: 'Nova Spins review', top: ['nova-spins-review'], brand: 'nova-spins' },
  { q: 'luckyforge', top: ['luckyforge-review'], brand: 'luckyforge' },
  { q: 'arcadia bet', top: ['arcadia-bet-review'], brand: 'arcadia-bet' },
  { q: 'satoshi slots crypto', top: ['satoshi-slots-review'], brand: 'satoshi-slots' },
  { q: 'royal reel withdrawals', top: ['royal-reel-review'] },
  { q: 'pixel poker tournaments', top: ['pixel-poker-review'] },
  { q: 'velocity bet withdrawal', top: ['velocity-bet-withdrawals'] },
  { q: 'MoonJackpot', top: ['moonjackpot-review'], brand: 'moonjackpot' },
  { q: 'albion casino ukgc', top: ['albion-casino-review'] },
  // typos: the brand from the lexicon, or the spelling offered
  { q: 'nova spns', top: ['nova-spins-review'], brand: 'nova-spins', via: 'nova spins' },
  { q: 'wagerign requirements', top: ['wagering-requirements-decoded'], via: 'wagering requirements' },
  { q: 'blackjak strategy', top: ['blackjack-basic-strategy'], via: 'blackjack strategy' },
  { q: 'rouletet wheels', top: ['roulette-odds-explained'], via: 'roulette wheels' },
  { q: 'baccarrat', top: ['baccarat-for-beginners'], via: 'baccarat' },
  { q: 'megaway slots', top: ['megaways-slots-explained'], via: 'megaways slots' },
  { q: 'progresive jackpot', top: ['progressive-jackpot-odds'], via: 'progressive jackpot' },
  { q: 'gamstpo', top: ['self-exclusion-gamstop'], via: 'gamstop' },
  // word starts, as a visitor types
  { q: 'luckyforg', top: ['luckyforge-review'] },
  { q: 'wagering req', top: ['wagering-requirements-decoded'] },
  { q: 'bankroll manag', top: ['bankroll-management-basics'] },
  { q: 'volat', top: ['slot-volatility-explained'] },
  { q: 'cs2 maj', top: ['cs2-major-preview', 'cs2-major-results'] },
  { q: 'esports betting pit', top: ['esports-betting-basics'] },
  { q: 'crypto casinos 20', top: ['crypto-casinos-2026'] },
  // these two were missed while every word was required (each article outside the first 30 results): the
  // common words in their titles now raise them instead of narrowing the matches
  { q: 'wager', top: ['wagering-requirements-decoded'] },
  { q: 'roulette odds', top: ['roulette-odds-explained'] },
  { q: 'responsible gamb', top: ['responsible-gambling-tools'] },
  { q: 'rng cert', top: ['how-rng-certification-keeps-games-fair'] },
  { q: 'texas hold', top: ['texas-holdem-strategy'] },
  { q: 'paypal cas', top: ['paypal-casinos'] },
  { q: 'matched bet', top: ['matched-betting-explained'] },
  // phrases of common words (casino, bonus, best, poker… are in a large share of the archive)
  { q: 'the best casino bonus', top: ['best-casino-bonus'] },
  { q: 'how to play poker', top: ['how-to-play-poker'] },
  { q: 'what is rtp', top: ['rtp-explained'] },
  { q: 'are free spins worth it', top: ['are-free-spins-worth-it'] },
  { q: 'how to read a casino bonus', top: ['how-to-read-a-casino-bonus'] },
  { q: 'live dealer casinos', top: ['live-dealer-casinos'] },
  { q: 'casino licences explained', top: ['casino-licences-explained'] },
  { q: 'fastest casino payment methods', top: ['fastest-casino-payment-methods'] },
  { q: 'mobile gaming trends', top: ['mobile-gaming-trends-2026'] },
  { q: 'best online slots', top: ['best-online-slots'] },
  { q: 'poker for beginners', top: ['how-to-play-poker'] },
  { q: 'can you win at roulette', top: ['how-to-win-at-roulette'] },
  { q: 'why the casino always wins', top: ['house-edge-explained'] },
  { q: 'are casino vip programmes worth it', top: ['vip-programmes-worth-it'] },
  { q: 'signs of gambling addiction', top: ['gambling-addiction-signs'] },
  { q: 'how betting odds work', top: ['sports-betting-odds-guide'] },
  { q: 'setting deposit limits', top: ['deposit-limits-guide'] },
  { q: 'no deposit bonus codes', top: ['no-deposit-bonus-guide'] },
  { q: 'poker position', top: ['poker-position-edge'] },
  // narrow words
  { q: 'rtp', top: ['rtp-explained'] },
  { q: 'house edge', top: ['house-edge-explained'] },
  { q: 'provably fair', top: ['satoshi-slots-review'] },
  { q: 'Curaçao licence', top: ['curacao-licence-reform'] },
  { q: 'ukgc affordability', top: ['ukgc-affordability-checks'] },
  { q: 'dota 2 international', top: ['dota-2-international-odds'] },
  { q: 'league of legends worlds', top: ['league-of-legends-worlds-betting'] },
  { q: 'bitcoin tax', top: ['bitcoin-gambling-taxes'] },
  { q: 'lightning roulette', top: ['live-roulette-streams'] },
  { q: 'megaways', top: ['megaways-slots-explained'] },
  { q: 'gamstop', top: ['self-exclusion-gamstop'] },
  { q: 'decimal odds', top: ['sports-betting-odds-guide'] },
]

const root = mkdtempSync(join(tmpdir(), 'gamewise-relevance-'))
const store = new SqliteStore(join(root, 'gamewise.db'))
let search: SearchService

beforeAll(async () => {
  const registry = createRegistry(store)
  const posts = createPostsRepository(store, registry)
  const brands = createBrandsRepository(store, registry)
  await posts.init()
  await brands.init()
  const corpus = searchCorpus()
  for (let i = 0; i < corpus.length; i += 500) await store.batch(corpus.slice(i, i + 500).map((p) => posts.insertOp(p)))
  await store.batch(demoBrands.map((b) => brands.insertOp(b as unknown as BrandDoc)))
  search = createSearchService({ posts, brands, generation: () => 0, now: () => new Date('2026-11-20T12:00:00Z') })
}, 60_000)
afterAll(async () => {
  await store.close()
  rmSync(root, { recursive: true, force: true })
})

describe('search relevance: what readers expect on the first page', () => {
  it('has at least 40 queries, and an archive where the common words are common', async () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40)
    const share = async (word: string) => (await search.search({ q: word })).total / 2_000
    // (the count stops at 2,000 of about 2,500 articles)
    expect(await share('casino')).toBeGreaterThan(0.5)
    expect(await share('bonus')).toBeGreaterThan(0.3)
  })

  it.each(CASES)('$q', async ({ q, top, brand, via }) => {
    let answer = await search.search({ q })
    if (brand) expect(answer.brands.map((b) => b._id)).toContain(brand)
    if (via) {
      expect(answer.didYouMean?.q).toBe(via)
      answer = await search.search({ q: via })
    }
    const ids = answer.results.slice(0, 5).map((r) => r._id)
    for (const id of top) expect(ids, `top 5 for "${q}"`).toContain(id)
  })
})
