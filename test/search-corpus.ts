import type { Post } from '../lib/schemas.ts'
import { demoPosts } from '../server/demo/posts.ts'

/**
 * A deterministic archive for search relevance tests: the demo's 20 articles, 36 hand-written articles a
 * reader would look for by name (brand reviews, guides, news), and `filler` generated articles written
 * with the same vocabulary (casino, bonus, slots, best, guide, review… in a large share of them, as on a
 * real iGaming site), whose titles compete with the hand-written ones. The same corpus every run: a
 * seeded generator, fixed dates (the hand-written articles spread through the archive, oldest to newest).
 */

/** [id, title, tag, description, a sentence of the body] */
type Target = [string, string, string, string, string]

export const TARGETS: Target[] = [
  ['nova-spins-review', 'Nova Spins Review: Fast Payouts, Fair Wagering', 'Reviews', 'We tested Nova Spins for a month: withdrawals, the welcome bonus and the live casino.', 'Nova Spins paid our test withdrawal in under two hours.'],
  ['luckyforge-review', 'LuckyForge Casino Review', 'Reviews', 'LuckyForge forges its own slots: what that means for RTP and for your bonus.', 'LuckyForge runs a weekly cashback on its in-house slots.'],
  ['arcadia-bet-review', 'Arcadia Bet Review: Sportsbook and Casino in One', 'Reviews', 'Arcadia Bet combines a sportsbook with a casino lobby; we checked the odds margins.', 'Arcadia Bet prices football markets with a thin margin.'],
  ['satoshi-slots-review', 'Satoshi Slots Review: A Crypto Casino Tested', 'Reviews', 'Bitcoin deposits, provably fair games and the small print at Satoshi Slots.', 'Satoshi Slots accepts bitcoin, ether and litecoin.'],
  ['royal-reel-review', 'Royal Reel Review: Classic Slots, Slow Withdrawals', 'Reviews', 'Royal Reel has a deep slots library but made us wait five days for a payout.', 'Royal Reel asks for documents before the first withdrawal.'],
  ['pixel-poker-review', 'Pixel Poker Review: Small Stakes Tournaments', 'Reviews', 'Pixel Poker is built for micro stakes: soft fields, fast tables, a clunky app.', 'Pixel Poker runs a freeroll every evening.'],
  ['velocity-bet-withdrawals', 'Velocity Bet Withdrawal Times Tested', 'Reviews', 'How long Velocity Bet takes to pay by card, e-wallet and crypto, measured over ten withdrawals.', 'Velocity Bet paid e-wallet withdrawals within the hour.'],
  ['moonjackpot-review', 'MoonJackpot Review: Progressive Jackpots Explained', 'Reviews', 'MoonJackpot lists dozens of progressive jackpots; here is how their odds compare.', 'MoonJackpot shows the current jackpot size on every tile.'],
  ['albion-casino-review', 'Albion Casino Review: A UKGC Licensed Newcomer', 'Reviews', 'Albion Casino holds a UK Gambling Commission licence; we read its terms so you do not have to.', 'Albion Casino caps its welcome bonus wagering at 10x.'],
  ['best-casino-bonus', 'The Best Casino Bonus This Month', 'Guides', 'Our pick of the best casino bonus offers, ranked by wagering, cap and expiry.', 'The best casino bonus is the one you can actually clear.'],
  ['no-deposit-bonus-guide', 'No Deposit Bonus Codes: Do They Still Work?', 'Guides', 'No deposit bonuses are rare and small; how to find the genuine ones and avoid the traps.', 'A no deposit bonus usually carries the strictest wagering.'],
  ['how-to-play-poker', 'How to Play Poker: Rules for Beginners', 'Guides', 'Hand rankings, betting rounds and the first decisions a new poker player gets wrong.', 'A flush beats a straight, and a full house beats a flush.'],
  ['texas-holdem-strategy', "Texas Hold'em Strategy for Beginners", 'Guides', 'Starting hands, position and pot odds: a simple plan for your first hundred hours of holdem.', 'Fold most hands before the flop when you are new to holdem.'],
  ['blackjack-basic-strategy', 'Blackjack Basic Strategy Chart Explained', 'Guides', 'When to hit, stand, double and split, and why basic strategy cuts the house edge to half a percent.', 'Always split aces and eights in blackjack.'],
  ['roulette-odds-explained', 'Roulette Odds Explained: European vs American Wheels', 'Guides', 'The single zero halves the house edge: roulette odds for every bet on the table.', 'A straight up roulette bet pays 35 to 1.'],
  ['how-to-win-at-roulette', 'Can You Win at Roulette? Systems Tested', 'Guides', 'Martingale, Fibonacci and D\u2019Alembert against a million simulated spins of the wheel.', 'No roulette betting system changes the house edge.'],
  ['baccarat-for-beginners', 'Baccarat for Beginners: Banker, Player or Tie?', 'Guides', 'Baccarat is simpler than it looks: the three bets, their odds and the commission.', 'The banker bet carries the lowest baccarat house edge.'],
  ['megaways-slots-explained', 'Megaways Slots Explained', 'Guides', 'How reels with changing heights make up to 117,649 ways to win, and what it does to volatility.', 'Megaways reels change height on every spin.'],
  ['best-online-slots', 'Best Online Slots to Play in 2026', 'Reviews', 'The online slots our editors played most this year, by RTP, volatility and features.', 'Our best online slots list is updated every quarter.'],
  ['sports-betting-odds-guide', 'How Betting Odds Work: Decimal, Fractional, American', 'Guides', 'Converting odds formats and turning any price into an implied probability.', 'Decimal odds of 2.50 imply a 40 percent chance.'],
  ['matched-betting-explained', 'Matched Betting Explained: Is It Really Risk Free?', 'Guides', 'How back and lay bets lock in free bet value, and why bookmakers limit matched bettors.', 'Matched betting needs an exchange account.'],
  ['cs2-major-results', 'CS2 Major Results and Takeaways', 'Esports', 'Who won the CS2 major, the upsets of the playoffs and what it means for the next season.', 'The CS2 major final went to three maps.'],
  ['league-of-legends-worlds-betting', 'League of Legends Worlds Betting Preview', 'Esports', 'Teams, form and the markets worth a look before the League of Legends world championship.', 'League of Legends Worlds draws the biggest esports betting volume.'],
  ['dota-2-international-odds', 'The International: Dota 2 Odds and Favourites', 'Esports', 'Dota 2 teams ranked by form ahead of The International, with the outright odds.', 'Dota 2 patches can reshape the favourites overnight.'],
  ['ukgc-affordability-checks', 'UKGC Affordability Checks: What Players Need to Know', 'News', 'The Gambling Commission\u2019s new checks, the thresholds and what documents a casino may ask for.', 'Affordability checks start at a net deposit threshold.'],
  ['curacao-licence-reform', 'Cura\u00e7ao Licence Reform: What Changes for Casinos', 'News', 'Cura\u00e7ao replaced its master licences with direct licences; what it means for offshore casinos.', 'Cura\u00e7ao now licenses operators directly.'],
  ['self-exclusion-gamstop', 'Self-Exclusion with GamStop: How It Works', 'Guides', 'One registration blocks every UK licensed site: how GamStop works and how long it lasts.', 'GamStop exclusions last six months, a year or five years.'],
  ['deposit-limits-guide', 'Setting Deposit Limits That Actually Work', 'Guides', 'Daily, weekly and monthly limits: how to pick them and why lowering one is instant.', 'Raising a deposit limit takes a cooling off period.'],
  ['paypal-casinos', 'PayPal Casinos: Deposits and Withdrawals', 'Guides', 'Which casinos take PayPal, how fast it pays out and why some bonuses exclude e-wallets.', 'PayPal withdrawals usually arrive within a day.'],
  ['bitcoin-gambling-taxes', 'Do You Pay Tax on Bitcoin Gambling Winnings?', 'News', 'Crypto winnings, capital gains and what tax offices have said so far.', 'Selling bitcoin winnings can be a taxable disposal.'],
  ['house-edge-explained', 'House Edge Explained: Why the Casino Always Wins', 'Guides', 'Every game\u2019s built-in margin, compared: from blackjack\u2019s half a percent to keno\u2019s thirty.', 'Keno carries one of the highest house edges in the casino.'],
  ['progressive-jackpot-odds', 'Progressive Jackpot Odds: How Likely Is a Win?', 'Guides', 'The chance of hitting a progressive jackpot, and why the prize pool grows so large.', 'A progressive jackpot grows with every bet placed on the network.'],
  ['live-roulette-streams', 'Live Roulette: Studio Tables Compared', 'Reviews', 'Lightning, immersive and speed roulette from the big live studios, tested side by side.', 'Lightning roulette adds random multipliers to straight up bets.'],
  ['mobile-casino-apps', 'Mobile Casino Apps vs Browser Play', 'Guides', 'Do you need to install an app? Speed, battery and bonus differences on iOS and Android.', 'Most mobile casinos run in the browser without an app.'],
  ['vip-programmes-worth-it', 'Are Casino VIP Programmes Worth It?', 'Guides', 'Cashback, hosts and invitations: what VIP tiers give back, and what they cost you.', 'VIP cashback rarely exceeds one percent of turnover.'],
  ['gambling-addiction-signs', 'Signs of Gambling Addiction and Where to Get Help', 'Guides', 'The warning signs, the questions to ask yourself and the free services that can help.', 'Chasing losses is one of the first warning signs.'],
]

const FILLER_WORDS = (
  'the of and to a in is you that it for on with as your are be this at or by can from have not but more what all an will most one if when ' +
  'casino bonus slots players games game betting odds free spins online best new play live deposit poker money player wagering win ' +
  'guide review top sites site offers offer bet bets real time site terms withdrawal payment mobile tips strategy jackpot table tables ' +
  'blackjack roulette sports sportsbook crypto fast fair rules bankroll dealer app welcome account cash limits safe licence casinos ' +
  'week month year players chance house edge rtp volatility reels spin stakes stake odds market markets payout payouts features ' +
  'weekly daily promotions promotion codes code loyalty rewards cashback vip tournaments tournament leaderboard prize prizes ' +
  'check choose compare find claim read know start keep think look pick test tested explained ranked rated trusted honest simple ' +
  'football tennis racing horse esports teams match matches league season final results preview favourites form ' +
  'studio studios provider providers release releases theme themes symbol symbols feature round rounds multiplier multipliers ' +
  'wallet wallets card cards bank transfer fees speed hours days minutes documents verification support chat email ' +
  'regulator regulation law laws tax rules responsible gambling limit control budget session sessions break habits'
).split(' ')
const TITLE_TOPICS = ['Casino Bonus', 'Slots', 'Poker', 'Blackjack', 'Roulette', 'Sports Betting', 'Live Casino', 'Crypto Casino', 'Free Spins', 'Jackpot', 'Esports Betting', 'Mobile Casino', 'Casino Payments', 'Bankroll']
const TITLE_FORMS = ['{t} Offers This Week', '{t} Tips for New Players', '{t} News Roundup', 'Top {t} Sites Compared', '{t}: What to Check First', 'Weekly {t} Picks', 'Our {t} Guide, Updated', '{t} Promotions Ranked', 'New {t} Releases', '{t} Myths and Facts']

/** A small seeded generator (mulberry32): the same corpus every run. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = seed
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function post(id: string, i: number, title: string, tag: string, description: string, paragraphs: string[]): Post {
  const at = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString()
  return {
    _id: id,
    title,
    image: '',
    tag,
    description,
    type: 'article',
    content: {
      summary: [{ title: 'In short', text: paragraphs[0] ?? '' }],
      body: paragraphs.slice(1).map((content, k) => ({ headline: `Part ${k + 1}`, content, keywords: [], hyperlinks: [], subsections: [] })),
    },
    meta: { author: 'Corpus', date: at.slice(0, 10), reviewer: '', readTime: '' },
    related_studies: [],
    createdAt: at,
    updatedAt: at,
  }
}

/**
 * The archive, oldest first: `filler` generated articles with the demo's and the hand-written ones spread
 * among them (the first a tenth of the way in, the last near the newest end).
 */
export function searchCorpus(filler = 2_400): Post[] {
  const random = seeded(37)
  // Zipf-like: word i drawn with probability ∝ 1/(i+1), so the first words are in most articles
  const cumulative: number[] = []
  let sum = 0
  for (let i = 0; i < FILLER_WORDS.length; i++) cumulative.push((sum += 1 / (i + 1)))
  const word = () => {
    const x = random() * sum
    let lo = 0
    let hi = cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid]! < x) lo = mid + 1
      else hi = mid
    }
    return FILLER_WORDS[lo]!
  }
  const sentence = () => {
    const s = Array.from({ length: 8 + Math.floor(random() * 10) }, word).join(' ')
    return `${s[0]!.toUpperCase()}${s.slice(1)}.`
  }
  const paragraph = () => Array.from({ length: 3 + Math.floor(random() * 4) }, sentence).join(' ')
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const named: Post[] = [
    ...demoPosts.map((p) => ({ ...p, createdAt: '', updatedAt: '' }) as Post),
    ...TARGETS.map(([id, title, tag, description, line]) => post(id, 0, title, tag, description, [line, paragraph(), `${paragraph()} ${line}`, paragraph()])),
  ]
  const total = filler + named.length
  const every = Math.floor((total * 0.85) / named.length)
  const out: Post[] = []
  let n = 0
  for (let i = 0; i < total; i++) {
    const k = i - Math.floor(total * 0.1)
    const at = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString()
    if (k >= 0 && k % every === 0 && k / every < named.length) {
      const p = named[k / every]!
      out.push({ ...p, createdAt: at, updatedAt: at })
      continue
    }
    const title = pick(TITLE_FORMS).replace('{t}', pick(TITLE_TOPICS))
    out.push(post(`filler-${++n}`, i, title, pick(['Guides', 'News', 'Reviews', 'Esports']), sentence() + ' ' + sentence(), [paragraph(), paragraph(), paragraph(), paragraph()]))
  }
  return out
}
