import type { BrandFacts } from '../../lib/brand-facts.ts'
import type { BrandReview } from '../../lib/review-score.ts'
import type { Section } from '../../lib/schemas.ts'

/** Demo brand pages (issue 2, "Demo content"). Partner URLs use the reserved .example domain. */
const faq = (brand: string): Section => ({
  type: 'faq',
  content: [
    { q: `How do I claim the ${brand} welcome offer?`, a: 'Register through the Play button, verify your email and make a qualifying deposit. The bonus is credited automatically.' },
    { q: 'How long do withdrawals take?', a: 'E-wallet withdrawals are usually processed within 24 hours after identity checks; card withdrawals can take 3–5 working days.' },
    { q: 'Is there a mobile app?', a: 'The site runs in any mobile browser, and a native app is available on both major app stores.' },
  ],
})
/** Amounts are written `{20}`: pages show them in the offer's currency (lib/offer-money.ts), "£20" or "20 €". */
const terms = (min: string, wager: string, age = 18): Section => ({
  type: 'terms',
  content: [`${age}+ only. New customers only.`, `Minimum deposit {${min}}.`, `Wagering ${wager} on bonus funds within 30 days.`, 'Maximum bet {5} per spin while a bonus is active.', 'Please gamble responsibly.'],
})
/** A terms section written out (compliance: every demo brand has its terms; spec §2 titles them by default). */
const termsList = (content: string[]): Section => ({ type: 'terms', content })
const welcomeTable = (rows: [string, string, string][]) => ({
  heading: 'Welcome package',
  columns: ['Deposit', 'Match', 'Free spins'],
  rows: rows.map(([col1, col2, col3]) => ({ col1, col2, col3 })),
})

const brandList = [
  {
    _id: 'nova-spins', brandName: 'Nova Spins', rating: 4.8, type: ['typePopular'], position: ['PositionPopular', 'PositionTopCarousel'],
    campaignType: 'Web - Registration', enableClickId: true, enableGaid: true, enableUserAgent: true, enableCustomParams: true,
    customParams: [{ key: 'utm_source', value: 'gamewise' }, { key: 'utm_campaign', value: 'welcome%20offer' }],
    logo: '/demo/brands/nova-spins.svg', bannerImage: '/demo/brands/nova-spins-banner.svg',
    tagline: 'A polished casino with more than 3,000 slots, weekly reload offers and some of the fastest e-wallet payouts we have tested this year. Its loyalty club rewards regular players with cash-back that carries no wagering at all, which is rare.',
    offerCurrency: 'GBP',
    offerHighlight: '100% up to {500} + 200 free spins', bonusOffer: '100% match up to {500} and 200 free spins', bonusCondition: '35x wagering, min deposit {20}',
    termsSummary: '18+. New customers only. Min deposit {20}. 100% match up to {500} + 200 free spins over 3 deposits. 35x wagering on bonus within 30 days. Max bet {5}. T&Cs apply.',
    // its German and Ontario offers are in euros and Canadian dollars (Ontario shows no bonus, but its minimum deposit)
    marketOffers: [
      { market: 'de', currency: 'EUR', offerHighlight: '100 % bis zu {500} + 200 Freispiele', termsSummary: '18+. Nur für Neukunden. Mindesteinzahlung {20}. 100 % bis zu {500} + 200 Freispiele über 3 Einzahlungen. 35-facher Umsatz des Bonus binnen 30 Tagen. Höchsteinsatz {5}. Es gelten die AGB.', bonusCode: 'WISE200', minDeposit: 20 },
      { market: 'ca-on', currency: 'CAD', offerHighlight: '100% up to {500} + 200 free spins', termsSummary: '19+. New customers only. Min deposit {20}. T&Cs apply.', minDeposit: 20 },
    ],
    termsUrl: 'https://novaspins.example/terms/welcome-offer',
    promoTable: welcomeTable([['1st deposit', '100% up to {200}', '100'], ['2nd deposit', '50% up to {150}', '50'], ['3rd deposit', '50% up to {150}', '50']]),
    promoTables: [{ heading: 'Weekly reloads', columns: ['Day', 'Offer'], rows: [{ col1: 'Monday', col2: '25% reload up to {100}' }, { col1: 'Friday', col2: '50 free spins' }] }],
    timelines: [{ label: 'Withdrawal time', value: '24', unit: 'hours' }, { label: 'Bonus validity', value: '30', unit: 'days' }, { label: 'Verification', value: '1', unit: 'day' }],
    highlights: [{ title: 'Games', value: '3,000+' }, { title: 'Min deposit', value: '{20}' }, { title: 'Licence', value: 'MGA' }],
    sections: [
      { type: 'text', title: 'Our verdict', content: 'Nova Spins combines a huge game library with fair bonus terms. Support answered our live chat questions in under two minutes, and our test withdrawal arrived the next morning.' } as Section,
      { type: 'table', title: 'Bonus breakdown', content: welcomeTable([['1st deposit', '100% up to {200}', '100'], ['2nd deposit', '50% up to {150}', '50']]) } as Section,
      terms('20', '35x'),
      faq('Nova Spins'),
    ],
    dealBox: { countdownText: 'Offer ends in 2 days', mainText: '100% up to {500}', subText: '+ 200 free spins on your first deposits', linkText: 'Read our full review', linkUrl: '/article/how-to-read-a-casino-bonus', ctaLabel: 'Claim Bonus', ctaUrl: 'https://novaspins.example/welcome?aff=gw' },
  },
  {
    _id: 'luckyforge', brandName: 'LuckyForge', rating: 4.6, type: ['typePopular', 'typeNew'], position: ['PositionPopular'],
    campaignType: 'App - Install', enableClickId: true, enableGaid: true, enableUserAgent: false, enableCustomParams: false,
    customParams: [], logo: '/demo/brands/luckyforge.svg', bannerImage: '/demo/brands/luckyforge-banner.svg',
    tagline: 'Crafted for mobile: a fast app, daily missions and a wager-free spins drop every weekend.',
    offerHighlight: '50 wager-free spins', bonusOffer: '50 wager-free spins on sign-up', bonusCondition: 'No deposit needed, winnings capped at {100}',
    offerCurrency: 'GBP',
    termsSummary: '18+. New customers only. 50 free spins on sign-up, no deposit and no wagering. Winnings capped at {100}. Spins expire after 7 days. T&Cs apply.',
    termsUrl: 'https://luckyforge.example/terms',
    promoTable: welcomeTable([['Sign-up', '—', '50 wager-free'], ['1st deposit', '100% up to {100}', '—']]), promoTables: [],
    timelines: [{ label: 'App install', value: '2', unit: 'minutes' }, { label: 'Spins validity', value: '7', unit: 'days' }],
    highlights: [{ title: 'App rating', value: '4.7' }, { title: 'Missions', value: 'Daily' }],
    sections: [
      { type: 'list', title: 'Why players like it', content: [{ subheading: 'Mobile first', bullets: ['Native app with biometric login', 'Games load in under two seconds'] }, { subheading: 'Fair rewards', bullets: ['Weekend spins carry no wagering', 'Missions pay cash, not bonus funds'] }] } as Section,
      terms('10', 'none on spins'),
    ],
    dealBox: { countdownText: 'Weekend drop ends Sunday', mainText: '50 wager-free spins', subText: 'No deposit needed', ctaLabel: 'Get the App', ctaUrl: 'https://luckyforge.example/app?src=gw' },
  },
  {
    _id: 'arcadia-bet', brandName: 'Arcadia Bet', rating: 4.4, type: ['typePopular'], position: ['PositionTopCarousel'],
    campaignType: 'Web - Sale', enableClickId: true, enableGaid: false, enableUserAgent: true, enableCustomParams: true,
    customParams: [{ key: 'sub_id', value: 'home-offers' }, { key: '', value: 'ignored-without-key' }],
    logo: '/demo/brands/arcadia-bet.svg', bannerImage: '/demo/brands/arcadia-bet-banner.svg',
    tagline: 'Sportsbook and esports markets with early payouts and a clean bet builder.',
    offerCurrency: 'GBP',
    offerHighlight: 'Bet {10}, get {30} in free bets', bonusOffer: 'Bet {10} and get {30} in free bets', bonusCondition: 'Min odds 1.50, free bets expire in 7 days',
    termsSummary: '18+. New customers only. Bet {10} at odds 1.50+ within 14 days to get 3 × {10} free bets. Free bets expire in 7 days; stakes not returned. T&Cs apply.',
    termsUrl: 'https://arcadiabet.example/promotions/terms',
    promoTable: { heading: 'Free bet tokens', columns: ['Token', 'Value', 'Markets'], rows: [{ col1: '1', col2: '{10}', col3: 'Football' }, { col1: '2', col2: '{10}', col3: 'Esports' }, { col1: '3', col2: '{10}', col3: 'Any' }] },
    promoTables: [],
    timelines: [{ label: 'Free bets credited', value: '1', unit: 'hour' }, { label: 'Free bet expiry', value: '7', unit: 'days' }],
    highlights: [{ title: 'Esports markets', value: '40+' }, { title: 'Early payout', value: 'Yes' }],
    sections: [
      { type: 'text', content: 'Arcadia Bet stands out for esports coverage, with map and round markets on every major CS2 and Valorant event.' } as Section,
      termsList(['18+ only. New customers only; one offer per person and household.', 'Place a first bet of {10} or more at odds of 1.50 or greater within 14 days of registering.', 'Three {10} free bets are credited within an hour of the qualifying bet settling.', 'Free bets expire after 7 days; free bet stakes are not included in returns.', 'Cashed-out bets do not qualify.', 'Please gamble responsibly.']),
      faq('Arcadia Bet'),
    ],
    dealBox: { countdownText: 'Limited time', mainText: 'Bet {10}, get {30}', subText: 'In free bets for new customers', ctaLabel: 'Bet Now', ctaUrl: 'https://arcadiabet.example/join' },
  },
  {
    _id: 'satoshi-slots', brandName: 'Satoshi Slots', rating: 4.2, type: ['typePopular', 'typeCrypto', 'typeNew'], position: ['PositionPopular'],
    campaignType: 'Web - Lead', enableClickId: true, enableGaid: true, enableUserAgent: true, enableCustomParams: true,
    customParams: { ref: 'gamewise', channel: 'crypto%2Bguides' } as unknown as { key: string; value: string }[],
    logo: '/demo/brands/satoshi-slots.svg', bannerImage: '/demo/brands/satoshi-slots-banner.svg',
    tagline: 'Provably fair originals, stablecoin deposits and withdrawals that land in minutes.',
    // amounts in US dollars (as its minimum deposit fact), paid in crypto at the day's rate: a bonus in bitcoin has no ISO 4217 currency
    offerCurrency: 'USD',
    offerHighlight: '150% up to {1000}', bonusOffer: '150% match up to {1000}, paid in crypto', bonusCondition: '40x wagering, crypto deposits only',
    termsSummary: '18+. New customers only. Min deposit {10} in crypto. 150% match up to {1000} over 2 deposits, paid in crypto at the day\'s rate. 40x wagering on bonus within 30 days. T&Cs apply.',
    termsUrl: 'https://satoshislots.example/terms/welcome',
    promoTable: welcomeTable([['1st deposit', '150% up to {500}', '50'], ['2nd deposit', '100% up to {500}', '50']]),
    promoTables: [{ heading: 'Supported coins', columns: ['Coin', 'Min deposit', 'Network fee'], rows: [{ col1: 'USDC', col2: '{10}', col3: 'Low' }, { col1: 'BTC', col2: '{10}', col3: 'Medium' }, { col1: 'ETH', col2: '{10}', col3: 'Medium' }] }],
    timelines: [{ label: 'Crypto withdrawal', value: '10', unit: 'minutes' }],
    highlights: [{ title: 'Provably fair', value: 'Yes' }, { title: 'Coins', value: '12' }],
    sections: [
      { type: 'list', title: 'Getting started', content: [{ subheading: 'Deposit', bullets: ['Choose a coin and network', 'Send from your own wallet'] }, { subheading: 'Play safe', bullets: ['Enable two-factor authentication', 'Withdraw winnings promptly'] }] } as Section,
      terms('10', '40x'),
    ],
    dealBox: { countdownText: 'Ends in 5 days', mainText: '150% up to {1000}', subText: 'Plus 100 free spins', ctaLabel: 'Play Now', ctaUrl: 'https://satoshislots.example/?promo=gw150' },
  },
  {
    _id: 'royal-reel', brandName: 'Royal Reel', rating: 4.0, type: ['typePopular'], position: ['PositionPopular'],
    campaignType: 'Web - Registration', enableClickId: false, enableGaid: false, enableUserAgent: false, enableCustomParams: false,
    customParams: [], logo: '/demo/brands/royal-reel.svg', bannerImage: null,
    tagline: 'Classic table games and live dealer studios with low minimum stakes.',
    offerCurrency: 'GBP',
    offerHighlight: '25 free spins + 100% up to {100}', bonusOffer: '25 free spins and 100% up to {100}', bonusCondition: '30x wagering',
    termsSummary: '18+. New customers only. Min deposit {10}. 25 free spins + 100% match up to {100}. 30x wagering on bonus within 30 days; live casino counts 10%. T&Cs apply.',
    termsUrl: 'https://royalreel.example/terms',
    promoTable: null, promoTables: [], timelines: [], highlights: [{ title: 'Live tables', value: '120+' }],
    sections: [
      { type: 'table', title: 'Live casino limits', content: { heading: 'Table limits', columns: ['Game', 'Min', 'Max'], rows: [{ col1: 'Blackjack', col2: '{1}', col3: '{5000}' }, { col1: 'Roulette', col2: '{0.10}', col3: '{10000}' }] } } as Section,
      termsList(['18+ only. New customers only.', 'Minimum deposit {10}.', 'The 25 free spins are credited on registration and expire after 7 days.', 'Wagering 30x on bonus funds within 30 days; live casino games contribute 10%, slots 100%.', 'Maximum bet {5} while a bonus is active.', 'Please gamble responsibly.']),
    ],
    dealBox: { mainText: '25 free spins', subText: 'Plus 100% up to {100}', ctaLabel: 'Visit Royal Reel', ctaUrl: 'https://royalreel.example/live' },
  },
  {
    _id: 'pixel-poker', brandName: 'Pixel Poker', rating: 3.9, type: ['typeNew'], position: ['PositionTopCarousel'],
    campaignType: 'App - Register', enableClickId: true, enableGaid: true, enableUserAgent: false, enableCustomParams: false,
    customParams: [], logo: '/demo/brands/pixel-poker.svg', bannerImage: '/demo/brands/pixel-poker-banner.svg',
    tagline: 'Fast-fold cash games and daily freerolls for new players.',
    offerHighlight: '100% rakeback for 30 days', bonusOffer: '100% rakeback for your first 30 days', bonusCondition: 'Released in 5 increments',
    offerCurrency: 'GBP',
    termsSummary: '18+. New players only. Min deposit {10}. 100% rakeback for 30 days, released in 5 increments as you earn points. Unreleased rakeback expires. T&Cs apply.',
    termsUrl: 'https://pixelpoker.example/legal/terms',
    promoTable: { heading: 'Rakeback schedule', columns: ['Week', 'Rakeback'], rows: [{ col1: '1–2', col2: '100%' }, { col1: '3–4', col2: '60%' }] },
    promoTables: [], timelines: [{ label: 'Freeroll', value: '1', unit: 'daily' }], highlights: [{ title: 'Players online', value: '8,000+' }],
    sections: [
      faq('Pixel Poker'),
      { type: 'text', title: 'Software', content: 'The client is light, supports four tables at once and has a clean hand-history replayer.' } as Section,
      termsList(['18+ only. New players only.', 'Minimum first deposit {10}.', 'Rakeback is earned as points over your first 30 days and released in 5 equal increments.', 'Rakeback not released within 30 days expires.', 'Please gamble responsibly.']),
    ],
    dealBox: { countdownText: 'New players only', ctaLabel: 'Join a Table', ctaUrl: 'https://pixelpoker.example/download' },
  },
  {
    _id: 'velocity-bet', brandName: 'Velocity Bet', rating: 4.5, type: ['typePopular', 'typeCrypto'], position: ['PositionPopular'],
    campaignType: 'Web - Sale', enableClickId: true, enableGaid: false, enableUserAgent: false, enableCustomParams: true,
    customParams: [{ key: 'aff', value: 'gamewise' }], logo: '/demo/brands/velocity-bet.svg', bannerImage: '/demo/brands/velocity-bet-banner.svg',
    tagline: 'Instant crypto sportsbook with boosted esports odds every day.',
    // amounts in US dollars (as its minimum deposit fact), paid in USDT
    offerCurrency: 'USD',
    offerHighlight: 'Daily esports odds boosts', bonusOffer: '100% up to {200} in USDT on your first bet', bonusCondition: '10x wagering at odds 1.80+',
    termsSummary: '18+. New customers only. Min deposit {20} in USDT. First bet matched 100% up to {200} in bonus. 10x wagering at odds 1.80+ within 14 days. T&Cs apply.',
    termsUrl: 'https://velocitybet.example/terms',
    promoTable: null, promoTables: [], timelines: [{ label: 'Payout', value: '5', unit: 'minutes' }], highlights: [{ title: 'Boosts', value: 'Daily' }],
    sections: [terms('20', '10x')],
    dealBox: { countdownText: 'Today\'s boost', mainText: '100% up to {200}', ctaLabel: 'Claim Now', ctaUrl: 'https://velocitybet.example/welcome' },
  },
  {
    _id: 'moonjackpot', brandName: 'MoonJackpot', rating: 4.1, type: ['typeNew'], position: ['PositionPopular'],
    campaignType: 'Web - Goal1', enableClickId: true, enableGaid: true, enableUserAgent: true, enableCustomParams: false,
    customParams: [], logo: '/demo/brands/moonjackpot.svg', bannerImage: '/demo/brands/moonjackpot-banner.svg',
    tagline: 'Progressive jackpots and a monthly prize draw for every depositing player.',
    offerHighlight: '100 spins on Mega Moon', bonusOffer: '100 spins on Mega Moon', bonusCondition: '20x wagering on winnings',
    offerCurrency: 'GBP',
    termsSummary: '18+. New customers only. Min deposit {10}. 100 spins on Mega Moon at {0.10} each. 20x wagering on winnings within 7 days. Max win {250}. T&Cs apply.',
    termsUrl: 'https://moonjackpot.example/terms-and-conditions',
    promoTable: welcomeTable([['1st deposit', '100% up to {100}', '100']]), promoTables: [],
    timelines: [{ label: 'Prize draw', value: '1', unit: 'monthly' }], highlights: [{ title: 'Jackpots', value: '60+' }],
    sections: [
      { type: 'list', title: 'Jackpot tiers', content: [{ subheading: 'Daily drops', bullets: ['Must drop before midnight'] }, { subheading: 'Mega', bullets: ['Starts at 1,000,000'] }] } as Section,
      termsList(['18+ only. New customers only.', 'Minimum deposit {10}.', '100 spins on Mega Moon at {0.10} each, credited after the first deposit.', 'Wagering 20x on spin winnings within 7 days; maximum win {250}.', 'Please gamble responsibly.']),
    ],
    dealBox: { mainText: '100 spins', subText: 'On Mega Moon', buttonLabel: 'Spin Now', buttonUrl: 'https://moonjackpot.example/spins' },
  },
  // ---- compliance: geo-targeted demo brands (lib/geo.ts). A GB and a US visitor see different offers;
  // a visitor whose country is unknown sees only the brands above, which are available everywhere.
  // (termsSummary/termsUrl belong to the significant-terms work; the schema drops them until it lands.)
  {
    _id: 'albion-casino', brandName: 'Albion Casino', rating: 4.7, type: ['typePopular', 'typeNew'], position: ['PositionPopular'],
    geo: { allow: ['GB'] },
    campaignType: 'Web - Registration', enableClickId: true, enableGaid: false, enableUserAgent: false, enableCustomParams: false,
    customParams: [], logo: '/demo/brands/albion-casino.svg', bannerImage: '/demo/brands/albion-casino-banner.svg',
    tagline: 'A UK-licensed casino with daily free games, fast debit-card withdrawals and deposit limits you set at sign-up.',
    offerHighlight: '50 free spins, no wagering', bonusOffer: '50 wager-free spins on a first deposit of {10}', bonusCondition: 'Min deposit {10}, spins valid for 7 days',
    offerCurrency: 'GBP',
    termsSummary: '18+. New UK customers only. Min deposit {10}. 50 free spins on selected slots, no wagering. Spins expire after 7 days. T&Cs apply.',
    termsUrl: 'https://albioncasino.example/terms',
    promoTable: welcomeTable([['1st deposit', '—', '50 wager-free']]), promoTables: [],
    timelines: [{ label: 'Withdrawal time', value: '4', unit: 'hours' }], highlights: [{ title: 'Licence', value: 'UKGC' }, { title: 'Free games', value: 'Daily' }],
    sections: [{ type: 'text', title: 'Our verdict', content: 'Albion Casino is licensed for Great Britain only: its safer-gambling tools are among the clearest we have tested, and withdrawals to debit cards landed the same day.' } as Section, terms('10', 'none on spins')],
    dealBox: { countdownText: 'New customers', mainText: '50 free spins', subText: 'No wagering on winnings', ctaLabel: 'Claim Spins', ctaUrl: 'https://albioncasino.example/welcome' },
  },
  {
    _id: 'thames-bet', brandName: 'Thames Bet', rating: 4.3, type: ['typePopular'], position: ['PositionTopCarousel'],
    geo: { allow: ['GB', 'IE'] },
    campaignType: 'Web - Sale', enableClickId: true, enableGaid: false, enableUserAgent: true, enableCustomParams: false,
    customParams: [], logo: '/demo/brands/thames-bet.svg', bannerImage: '/demo/brands/thames-bet-banner.svg',
    tagline: 'Racing and football betting with best odds guaranteed on every UK and Irish race.',
    offerCurrency: 'GBP',
    offerHighlight: 'Bet {10}, get {20} in free bets', bonusOffer: 'Bet {10} and get {20} in free bets', bonusCondition: 'Min odds 1/2, free bets expire in 7 days',
    termsSummary: '18+. New customers in GB and IE only. Bet {10} at odds 1/2+ to get 2 × {10} free bets. Free bets expire in 7 days; stakes not returned. T&Cs apply.',
    termsUrl: 'https://thamesbet.example/terms',
    promoTable: null, promoTables: [], timelines: [{ label: 'Free bets credited', value: '1', unit: 'hour' }], highlights: [{ title: 'Best odds guaranteed', value: 'Yes' }],
    sections: [{ type: 'text', content: 'Thames Bet holds licences in Great Britain and Ireland only, so it is shown to visitors there and nowhere else.' } as Section, terms('10', 'none')],
    dealBox: { countdownText: 'Racing weekend', mainText: 'Bet {10}, get {20}', subText: 'In free bets', ctaLabel: 'Bet Now', ctaUrl: 'https://thamesbet.example/join' },
  },
  {
    _id: 'liberty-lines', brandName: 'Liberty Lines', rating: 4.4, type: ['typePopular', 'typeNew'], position: ['PositionPopular'],
    geo: { allow: ['US'] },
    campaignType: 'App - Install', enableClickId: true, enableGaid: true, enableUserAgent: false, enableCustomParams: false,
    customParams: [], logo: '/demo/brands/liberty-lines.svg', bannerImage: '/demo/brands/liberty-lines-banner.svg',
    tagline: 'A US sportsbook app with same-game parlays, live odds and a first bet safety net.',
    offerCurrency: 'USD',
    offerHighlight: 'First bet back up to {500}', bonusOffer: 'First bet back up to {500} in bonus bets', bonusCondition: '21+, available in licensed states only',
    termsSummary: '18+. New customers only (21+ where required), in licensed states. First bet back up to {500} in bonus bets if it loses. Bonus bets expire in 7 days. T&Cs apply.',
    termsUrl: 'https://libertylines.example/terms',
    promoTable: null, promoTables: [], timelines: [{ label: 'Bonus bets credited', value: '72', unit: 'hours' }], highlights: [{ title: 'Same-game parlays', value: 'Yes' }],
    sections: [{ type: 'text', content: 'Liberty Lines is shown to visitors in the United States only, where it holds its licences.' } as Section, terms('10', '1x', 21)],
    dealBox: { countdownText: 'New customers', mainText: 'First bet back up to {500}', subText: 'In bonus bets', ctaLabel: 'Get the App', ctaUrl: 'https://libertylines.example/app' },
  },
  {
    _id: 'northstar-casino', brandName: 'Northstar Casino', rating: 4.2, type: ['typeNew'], position: ['PositionPopular'],
    geo: { deny: ['US', 'FR'] },
    campaignType: 'Web - Registration', enableClickId: true, enableGaid: false, enableUserAgent: false, enableCustomParams: false,
    customParams: [], logo: '/demo/brands/northstar-casino.svg', bannerImage: '/demo/brands/northstar-casino-banner.svg',
    tagline: 'Nordic-style casino with cash-back on every loss and no bonus wagering.',
    offerHighlight: '10% weekly cash-back', bonusOffer: '10% cash-back every week, paid in cash', bonusCondition: 'No wagering; min losses {20}',
    offerCurrency: 'EUR',
    termsSummary: '18+. New customers only. 10% of net losses back each week as cash, up to {200}, no wagering. Min net losses {20}. T&Cs apply.',
    termsUrl: 'https://northstarcasino.example/terms',
    promoTable: null, promoTables: [], timelines: [{ label: 'Cash-back paid', value: '1', unit: 'weekly' }], highlights: [{ title: 'Wagering', value: 'None' }],
    sections: [{ type: 'text', content: 'Northstar Casino is available everywhere except the United States and France, where it holds no licence.' } as Section, terms('20', 'none')],
    dealBox: { countdownText: 'Every week', mainText: '10% cash-back', subText: 'Paid in cash, no wagering', ctaLabel: 'Join Northstar', ctaUrl: 'https://northstarcasino.example/join' },
  },
]

/**
 * Facts and reviews as data (issue 22): every demo brand has its facts, the popular ones a structured
 * review, so the brand pages, the guide's comparison table and the JSON-LD show them after `npm start`.
 */
const ukgc = (number: string) => ({ regulator: 'UK Gambling Commission', number })
const mga = (number: string) => ({ regulator: 'Malta Gaming Authority', number })
const extras: Record<string, { facts: BrandFacts; review?: BrandReview }> = {
  'nova-spins': {
    facts: { licences: [mga('MGA/B2C/401/2017'), ukgc('39012'), { regulator: 'Ontario AGCO', number: 'OPR-2023-0419' }, { regulator: 'GGL', number: 'GGL-VS-2024-0118' }], minDeposit: { amount: 20, currency: 'GBP' }, wagering: { multiplier: 35, appliesTo: 'bonus' }, withdrawalHours: 24, paymentMethods: ['Visa', 'Mastercard', 'PayPal', 'Skrill', 'Trustly'], launchYear: 2017, bonusCode: 'WISE200', lastVerified: '2026-11-02' },
    review: {
      scores: { bonuses: 4.5, games: 5, payments: 4.5, support: 4.5, mobile: 4, safety: 5 },
      pros: ['More than 3,000 slots from 60 studios', 'Cash-back with no wagering in the loyalty club', 'E-wallet payouts inside 24 hours in our test'],
      cons: ['35× wagering on the welcome bonus', 'No telephone support'],
      verdict: 'A polished, well-licensed casino with fair terms for its size and quick e-wallet payouts. The welcome bonus wagering is average, but the no-wagering cash-back makes up for it.',
      reviewer: 'Maya Chen',
      testedAt: '2026-10-28',
    },
  },
  luckyforge: {
    facts: { licences: [mga('MGA/B2C/612/2021')], minDeposit: { amount: 10, currency: 'GBP' }, wagering: { multiplier: 0, appliesTo: 'winnings' }, withdrawalHours: 48, paymentMethods: ['Visa', 'Mastercard', 'Apple Pay', 'Google Pay'], launchYear: 2021, lastVerified: '2026-10-20' },
    review: {
      scores: { bonuses: 4, games: 4, payments: 4, support: 3.5, mobile: 5, safety: 4.5 },
      pros: ['Wager-free spins every weekend', 'The best casino app we tested this year'],
      cons: ['Winnings from the sign-up spins capped at £100', 'Smaller live casino than rivals'],
      verdict: 'Made for phones, and it shows: a fast app, missions that pay cash and spins without wagering. Desktop players will find the library thinner.',
      reviewer: 'Daniel Okafor',
      testedAt: '2026-10-15',
    },
  },
  'arcadia-bet': {
    facts: { licences: [ukgc('40110')], minDeposit: { amount: 10, currency: 'GBP' }, withdrawalHours: 24, paymentMethods: ['Visa', 'Mastercard', 'PayPal', 'Bank transfer'], launchYear: 2019, lastVerified: '2026-09-30' },
  },
  'satoshi-slots': {
    facts: { licences: [{ regulator: 'Curaçao Gaming Control Board', number: 'OGL/2024/118/0452' }], minDeposit: { amount: 10, currency: 'USD' }, wagering: { multiplier: 40, appliesTo: 'bonus' }, withdrawalHours: 1, paymentMethods: ['Bitcoin', 'Ethereum', 'USDT'], launchYear: 2022, bonusCode: 'SATS150', lastVerified: '2026-11-10' },
    review: {
      scores: { bonuses: 4, games: 4, payments: 5, support: 3.5, mobile: 4, safety: 3 },
      pros: ['Crypto withdrawals in minutes', 'Provably fair originals'],
      cons: ['40× wagering on the match bonus', 'Licensed in Curaçao only', 'No card or e-wallet payments'],
      verdict: 'Fast and fun for crypto players, with withdrawals faster than anyone else we tested. The licence gives players less protection than a UK or Maltese one.',
      reviewer: 'Maya Chen',
      testedAt: '2026-11-05',
    },
  },
  'royal-reel': { facts: { licences: [ukgc('38877')], minDeposit: { amount: 10, currency: 'GBP' }, wagering: { multiplier: 30, appliesTo: 'bonus' }, withdrawalHours: 72, paymentMethods: ['Visa', 'Mastercard', 'Paysafecard'], launchYear: 2015, lastVerified: '2026-06-12' } },
  'pixel-poker': { facts: { licences: [mga('MGA/B2C/733/2023')], minDeposit: { amount: 10, currency: 'GBP' }, withdrawalHours: 48, paymentMethods: ['Visa', 'Mastercard', 'Skrill', 'Neteller'], launchYear: 2023, lastVerified: '2026-08-01' } },
  'velocity-bet': {
    facts: { licences: [{ regulator: 'Curaçao Gaming Control Board', number: 'OGL/2023/201/0112' }], minDeposit: { amount: 20, currency: 'USD' }, wagering: { multiplier: 10, appliesTo: 'deposit_bonus' }, withdrawalHours: 1, paymentMethods: ['Bitcoin', 'Ethereum', 'USDT', 'Visa'], launchYear: 2020, bonusCode: 'FAST200', lastVerified: '2026-11-12' },
  },
  moonjackpot: { facts: { licences: [ukgc('41234')], minDeposit: { amount: 10, currency: 'GBP' }, wagering: { multiplier: 20, appliesTo: 'winnings' }, withdrawalHours: 48, paymentMethods: ['Visa', 'Mastercard', 'PayPal'], launchYear: 2024, lastVerified: '2026-10-01' } },
  'albion-casino': {
    facts: { licences: [ukgc('52001')], minDeposit: { amount: 10, currency: 'GBP' }, wagering: { multiplier: 0, appliesTo: 'winnings' }, withdrawalHours: 4, paymentMethods: ['Visa', 'Mastercard', 'PayPal', 'Trustly', 'Apple Pay'], launchYear: 2024, bonusCode: 'ALBION50', lastVerified: '2026-11-18' },
    review: {
      scores: { bonuses: 4.5, games: 4, payments: 5, support: 4.5, mobile: 4.5, safety: 5 },
      pros: ['Free spins with no wagering', 'Withdrawals paid within four hours in our test', 'UK licence and clear safer-gambling tools'],
      cons: ['UK players only', 'Fewer jackpot slots than older sites'],
      verdict: 'A young UK casino that gets the basics right: fast payouts, wager-free spins and plain terms. The best new UK site we reviewed this autumn.',
      reviewer: 'Daniel Okafor',
      testedAt: '2026-11-14',
    },
  },
  'thames-bet': { facts: { licences: [ukgc('47650'), { regulator: 'Revenue Commissioners (Ireland)', number: 'RBL-1043' }], minDeposit: { amount: 5, currency: 'GBP' }, withdrawalHours: 24, paymentMethods: ['Visa', 'Mastercard', 'PayPal', 'Bank transfer'], launchYear: 2018, lastVerified: '2026-10-22' } },
  'liberty-lines': {
    facts: { licences: [{ regulator: 'New Jersey DGE', number: 'NJ-ISB-0921' }], minDeposit: { amount: 10, currency: 'USD' }, wagering: { multiplier: 1, appliesTo: 'bonus' }, withdrawalHours: 48, paymentMethods: ['Visa', 'Mastercard', 'PayPal', 'Bank transfer'], launchYear: 2019, bonusCode: 'LIBERTY500', lastVerified: '2026-11-08' },
    review: {
      scores: { bonuses: 4.5, games: 4, payments: 4, support: 4, mobile: 4.5, safety: 4.5 },
      pros: ['First bet back up to $500', 'Same-game parlays on every major league'],
      cons: ['Bonus bets take up to 72 hours to arrive', 'Available in licensed states only'],
      verdict: 'A solid US sportsbook with a generous first-bet offer and a smooth app; patient players will not mind the wait for bonus bets.',
      reviewer: 'Maya Chen',
      testedAt: '2026-11-01',
    },
  },
  'northstar-casino': { facts: { licences: [mga('MGA/B2C/820/2024')], minDeposit: { amount: 20, currency: 'EUR' }, wagering: { multiplier: 0, appliesTo: 'bonus' }, withdrawalHours: 24, paymentMethods: ['Visa', 'Mastercard', 'Skrill', 'Neteller', 'Trustly'], launchYear: 2024, lastVerified: '2026-11-03' } },
}

export const demoBrands = brandList.map((b) => ({ ...b, ...(extras[b._id] ?? {}) }))
