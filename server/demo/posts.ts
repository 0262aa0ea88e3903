import type { BodySection, PostType } from '../../lib/schemas.ts'
import { demoProfilesFor } from './authors.ts'

/**
 * Demo articles (issue 2, "Demo content"). Compact source form: each body section is
 * [headline, content, keywords, [subheading, content][]]; links between articles are added by `expand`.
 */
type Src = {
  id: string
  type: PostType
  title: string
  tag: string
  image: string
  description: string
  summary: [string, string][]
  body: [string, string, string[], [string, string][]][]
  links?: [string, string][] // [phrase found in the first section, target]
  author: string
  readTime: string
}

const authors = ['Maya Chen', 'Daniel Okafor', 'Sofia Marín', 'Jonah Reyes']
const reviewers = ['Elena Rossi, compliance editor', 'Tom Becker, senior editor']

const src: Src[] = [
  {
    id: 'smarter-way-to-win', type: 'hero', title: 'The Smarter Way to Win in iGaming', tag: 'Guides', image: '/demo/hero.svg',
    description: 'Independent guides, honest reviews and curated offers.', summary: [], body: [], author: authors[0], readTime: '',
  },
  {
    id: 'how-to-read-a-casino-bonus', type: 'featured', title: 'How to Read a Casino Bonus Before You Claim It', tag: 'Guides',
    image: '/demo/bonus-reading.svg', author: authors[0], readTime: '9 min',
    description: 'Headline numbers sell bonuses; the terms decide what they are worth. A step-by-step way to size up any welcome offer in five minutes.',
    summary: [
      ['Start with the wagering', 'A 100% match at 40x wagering can be worth less than a 50% match at 10x.'],
      ['Check game weighting', 'Table games often count 10% or nothing towards wagering; slots usually count in full.'],
      ['Mind the clock', 'Short expiry windows push you into bigger bets than you planned.'],
    ],
    body: [
      ['Decode the headline', 'A "200% up to 500" offer means a 200% match on your deposit, capped at 500 in bonus funds. The cap matters more than the percentage for most deposits, and the wagering requirements decide how much of it you could ever withdraw.', ['match bonus', 'bonus cap', 'deposit'], [['What the cap really means', 'Deposit 100 at 200% and you get 200 in bonus funds; deposit 400 and you still get only 500, not 800.']]],
      ['Work out the turnover', 'Multiply the bonus (or bonus plus deposit, depending on the terms) by the wagering multiple. That figure is the total you must stake before withdrawing. At a typical 96% return to player, expect to lose about 4% of that turnover on average.', ['turnover', 'wagering', 'expected loss'], [['A quick worked example', 'A 100 bonus at 35x needs 3,500 in bets. At 96% RTP the expected cost is about 140, more than the bonus itself.'], ['When the maths favours you', 'Low wagering (10x or less) on a sizeable bonus can have a positive expected value.']]],
      ['Read the exclusions', 'Maximum bet rules, excluded games and withdrawal caps are where most bonus disputes start. Screenshot the terms when you claim, because operators can change them later.', ['max bet', 'excluded games', 'withdrawal cap'], [['Max bet traps', 'Betting over the limit even once can void winnings, and the limit is often as low as 5 per spin.']]],
    ],
    links: [['wagering requirements', '/article/wagering-requirements-decoded'], ['return to player', '/article/rtp-explained']],
  },
  {
    id: 'rtp-explained', type: 'article', title: 'RTP Explained: What Return to Player Really Means', tag: 'Guides', image: '/demo/rtp.svg', author: authors[1], readTime: '6 min',
    description: 'RTP is a long-run average over millions of spins, not a promise for your session. Here is how to use it without being misled by it.',
    summary: [['It is an average', 'A 96% RTP slot returns 96 of every 100 staked over its lifetime, not per session.'], ['Same game, different RTP', 'Many slots ship in several RTP versions; operators choose which one to run.'], ['Compare like with like', 'RTP tells you the cost of play; volatility tells you how bumpy it is.']],
    body: [
      ['Where the number comes from', 'Game studios calculate RTP from the maths of the game and test labs verify it over simulated millions of rounds. It describes the game, not your luck, and short sessions routinely land far above or below it.', ['RTP', 'test labs', 'house edge'], [['RTP and house edge', 'They are two sides of one number: 96% RTP is a 4% house edge.']]],
      ['Finding the real figure', 'Open the game info panel inside the casino rather than trusting a review site: the version the operator runs may be 94% while the studio advertises 96.5%.', ['game info', 'RTP versions'], [['Why versions exist', 'Studios offer several configurations so operators can balance promotions and margins.']]],
      ['Using RTP sensibly', 'Treat RTP as the price of entertainment. A two-point difference matters a lot when you clear bonus wagering, and very little for a single evening of casual spins.', ['bankroll', 'entertainment budget'], [['Pair it with volatility', 'A high-RTP, high-volatility slot can still empty a small bankroll quickly.']]],
    ],
    links: [['test labs', '/article/how-rng-certification-keeps-games-fair'], ['volatility', '/article/slot-volatility-explained']],
  },
  {
    id: 'wagering-requirements-decoded', type: 'article', title: 'Wagering Requirements, Decoded', tag: 'Guides', image: '/demo/wagering.svg', author: authors[2], readTime: '7 min',
    description: 'Why 35x is not always 35x, which games count, and how to tell whether a bonus is worth clearing at all.',
    summary: [['Know the base', 'Wagering on bonus only is half the turnover of wagering on deposit plus bonus.'], ['Weighting changes everything', 'Games contributing 10% make clearing ten times slower.'], ['Walk away is an option', 'You can usually forfeit a bonus and keep your cash balance.']],
    body: [
      ['What the multiple applies to', 'Terms either say "bonus x35" or "deposit + bonus x35". On a 100 deposit with a 100 bonus, the first needs 3,500 in bets and the second 7,000. The wording is often buried in general terms, not the promotion page.', ['wagering', 'deposit + bonus'], [['Sticky and non-sticky bonuses', 'With a non-sticky bonus your own cash is played first, so an early win can be withdrawn without touching the bonus.']]],
      ['Game contributions', 'Slots usually count 100%, live casino 10% or 0%, and some low-variance slots are excluded entirely because players used them to clear bonuses cheaply.', ['game weighting', 'excluded slots'], [['Checking the list', 'Excluded game lists change often; check them on the day you play.']]],
      ['Deciding whether to claim', 'Estimate the expected cost: turnover multiplied by the house edge. If that exceeds the bonus, play with cash instead and keep withdrawals simple.', ['expected value', 'cash play'], [['A rule of thumb', 'Below 20x on slots with 96%+ RTP is generally fair; above 40x rarely is.']]],
    ],
    links: [['wagering', '/article/how-to-read-a-casino-bonus'], ['house edge', '/article/rtp-explained']],
  },
  {
    id: 'responsible-gambling-tools', type: 'article', title: 'Responsible Gambling Tools Every Player Should Use', tag: 'Guides', image: '/demo/responsible.svg', author: authors[3], readTime: '5 min',
    description: 'Deposit limits, reality checks and self-exclusion are built into every licensed casino. Setting them takes two minutes.',
    summary: [['Set limits first', 'Deposit limits take effect at once; raising them usually has a cooling-off delay.'], ['Use reality checks', 'Pop-ups every 30 or 60 minutes break the flow that makes time disappear.'], ['Self-exclusion is free', 'National schemes block you across every licensed operator at once.']],
    body: [
      ['Deposit and loss limits', 'Daily, weekly and monthly limits are available in the account settings of licensed sites. Set them before you play, when the decision is calm, not in the middle of a session.', ['deposit limits', 'loss limits'], [['Cooling-off on increases', 'Most regulators require a 24-hour wait before a higher limit applies.']]],
      ['Time-outs and reality checks', 'A time-out locks your account for a chosen period, from a day to several weeks. Reality checks show how long you have played and what you have won or lost.', ['time-out', 'reality check'], [['Session reminders', 'Pair reality checks with a phone timer if you play on several sites.']]],
      ['Getting help', 'If gambling stops being fun, free and confidential help lines exist in most countries, and national self-exclusion schemes cover every licensed operator.', ['self-exclusion', 'support'], [['Talking to someone', 'Charities offer chat support for players and for the people close to them.']]],
    ],
    links: [['licensed', '/article/casino-licences-explained']],
  },
  {
    id: 'esports-betting-basics', type: 'article', title: 'Esports Betting Basics: Markets, Odds and Pitfalls', tag: 'Esports', image: '/demo/esports-betting.svg', author: authors[1], readTime: '8 min',
    description: 'Match winner, map handicaps and totals explained, with the research habits that separate informed bets from guesses.',
    summary: [['Start with map markets', 'Map handicaps reward knowing a team\'s map pool.'], ['Patches move odds', 'A balance patch can change the meta overnight.'], ['Watch the lineups', 'Stand-ins are announced late and matter a lot.']],
    body: [
      ['The core markets', 'Match winner is the simplest market, while map handicap and total maps markets let you back a stronger team at better odds or bet on a close series. In CS2 and Valorant, round handicaps add another layer.', ['match winner', 'map handicap', 'totals'], [['Reading decimal odds', 'Odds of 2.50 mean a 10 stake returns 25, including the stake: an implied probability of 40%.']]],
      ['Doing the research', 'Recent form on the specific map pool beats overall ranking. Check veto patterns, side win rates and whether a team is travelling or playing on LAN.', ['map pool', 'veto', 'LAN'], [['Where to find data', 'Tournament organisers and stat sites publish per-map records and veto histories.']]],
      ['Common pitfalls', 'Chasing live odds after a lost pistol round and betting on matches with thin liquidity are the most common mistakes. Lower-tier matches also carry higher integrity risks.', ['live betting', 'integrity'], [['Keep records', 'Logging every bet shows quickly which markets you actually understand.']]],
    ],
    links: [['CS2', '/article/cs2-major-preview']],
  },
  {
    id: 'live-dealer-casinos', type: 'article', title: 'Live Dealer Casinos: How the Streams Work', tag: 'Reviews', image: '/demo/live-casino.svg', author: authors[2], readTime: '6 min',
    description: 'From studio cameras to optical card recognition: what happens behind a live blackjack table, and which game shows are worth your time.',
    summary: [['Real cards, real studios', 'Optical recognition reads each card and feeds the result to your screen.'], ['Latency matters', 'A stable connection avoids missed betting windows.'], ['Game shows differ', 'Money-wheel shows carry higher house edges than classic tables.']],
    body: [
      ['Inside the studio', 'Several cameras cover each table, and optical character recognition turns dealt cards into data within milliseconds. The same data settles bets and drives the overlays you see.', ['studio', 'OCR'], [['Why dealers never touch your bet', 'Bets live in the software; the dealer only deals and spins.']]],
      ['Choosing a table', 'Blackjack tables differ in deck count, dealer rules and side bets. Baccarat and roulette tables differ mostly in limits and speed.', ['blackjack', 'roulette', 'table limits'], [['Side bets', 'They add excitement and house edge in equal measure.']]],
      ['Game shows', 'Wheel and multiplier shows are entertaining but their return is usually lower than standard tables. Check the published RTP of each bet type.', ['game shows', 'multipliers'], [['Bet types vary', 'Within one show, RTP can range from 91% to 96% depending on the segment.']]],
    ],
    links: [['published RTP', '/article/rtp-explained']],
  },
  {
    id: 'crypto-casinos-2026', type: 'article', title: 'Crypto Casinos in 2026: Speed, Fees and Risks', tag: 'News', image: '/demo/crypto.svg', author: authors[0], readTime: '7 min',
    description: 'Withdrawals in minutes and low fees are real advantages. Licensing gaps, price swings and weak dispute resolution are real risks.',
    summary: [['Fast payouts', 'Blockchain withdrawals can land in minutes once approved.'], ['Volatility cuts both ways', 'Your balance moves with the coin price.'], ['Licensing varies', 'Many crypto casinos hold lighter licences with weaker player protection.']],
    body: [
      ['Why players switch', 'Deposits confirm quickly and withdrawals skip banking delays. Stablecoins remove most of the price risk while keeping the speed.', ['stablecoins', 'withdrawals'], [['Network fees', 'Fees depend on the network you choose, not the casino; pick a low-fee chain where offered.']]],
      ['The risks', 'Regulation is patchy, and disputes are harder to escalate without a strong regulator. Provably fair games help, but only for the games that offer them.', ['regulation', 'provably fair'], [['Verifying a provably fair result', 'Compare the revealed server seed hash with the one shown before you played.']]],
      ['A safer approach', 'Keep only what you plan to play on the casino wallet, withdraw winnings promptly and prefer operators with recognised licences.', ['wallet security', 'licences'], [['Two-factor authentication', 'Turn it on for both the casino account and your exchange.']]],
    ],
    links: [['recognised licences', '/article/casino-licences-explained']],
  },
  {
    id: 'slot-volatility-explained', type: 'article', title: 'Slot Volatility: Picking Games for Your Bankroll', tag: 'Guides', image: '/demo/volatility.svg', author: authors[3], readTime: '5 min',
    description: 'Low, medium and high volatility slots feel completely different even at the same RTP. Match the game to your budget and patience.',
    summary: [['Volatility is variance', 'It describes how wins are spread, not how big the edge is.'], ['Budget for swings', 'High volatility needs a bankroll of hundreds of spins.'], ['Check hit frequency', 'How often any win lands is a practical volatility hint.']],
    body: [
      ['Low, medium, high', 'Low volatility slots pay small wins often; high volatility slots go quiet for long stretches and concentrate returns in rare big hits.', ['low volatility', 'high volatility'], [['Same RTP, different ride', 'Two 96% slots can produce wildly different sessions.']]],
      ['Sizing your stake', 'A simple rule: divide your session budget by 200 for high volatility games and by 100 for low ones. It keeps sessions long enough to see the game\'s character.', ['stake size', 'bankroll'], [['Bonus buys', 'Buying features concentrates volatility further; treat them as high-risk bets.']]],
      ['Reading the signs', 'Studios publish volatility ratings and hit frequencies in game info panels. Demo modes let you feel the rhythm without spending.', ['hit frequency', 'demo mode'], [['Trust the panel', 'Community ratings vary; the studio\'s figures are tested.']]],
    ],
    links: [['bankroll', '/article/bankroll-management-basics']],
  },
  {
    id: 'mobile-gaming-trends-2026', type: 'article', title: 'Mobile Gaming Trends Shaping 2026', tag: 'News', image: '/demo/mobile.svg', author: authors[1], readTime: '6 min',
    description: 'Cloud streaming, cross-progression and shorter sessions are reshaping how people play on phones.',
    summary: [['Cross-progression is standard', 'Players expect one account across phone, PC and console.'], ['Cloud play is growing', 'Streaming brings console titles to mid-range phones.'], ['Sessions are shorter', 'Games design for three-minute breaks.']],
    body: [
      ['Play anywhere', 'Major releases now launch with shared progression, so a match started on PC can continue on a phone. Account linking has become a first-run step.', ['cross-progression', 'account linking'], [['Save conflicts', 'Cloud saves resolve most conflicts, but check before switching devices mid-season.']]],
      ['Streaming matures', 'Lower latency networks make cloud gaming usable for more genres, though fast shooters still favour local play.', ['cloud gaming', 'latency'], [['Data usage', 'An hour of HD streaming can use several gigabytes.']]],
      ['Designing for short sessions', 'Studios build around quick matches, daily goals and seasonal passes, which keeps engagement high but makes spending easy to lose track of.', ['battle pass', 'daily goals'], [['Spending controls', 'Both app stores offer purchase approvals and limits.']]],
    ],
    links: [['spending', '/article/responsible-gambling-tools']],
  },
  {
    id: 'are-free-spins-worth-it', type: 'article', title: 'Are Free Spins Worth It? Doing the Maths', tag: 'Guides', image: '/demo/free-spins.svg', author: authors[2], readTime: '5 min',
    description: 'Spin value, eligible games and winnings caps decide whether free spins are a gift or a marketing line.',
    summary: [['Find the spin value', '50 spins at 0.10 are worth 5 in stakes, not 50.'], ['Winnings caps', 'Caps of 50 or 100 limit the upside.'], ['Wagering on winnings', 'Winnings often carry their own wagering.']],
    body: [
      ['Value per spin', 'Free spins are usually fixed at the game\'s minimum stake. Multiply the number of spins by the stake and by the RTP to estimate what they are worth on average.', ['spin value', 'minimum stake'], [['Worked example', '100 spins at 0.20 on a 96% slot average about 19.20 in returns.']]],
      ['The fine print', 'Check which games the spins apply to, how long you have to use them, and whether winnings are credited as cash or bonus funds.', ['eligible games', 'expiry'], [['Cash spins', 'Wager-free spins credited as cash are the most valuable kind.']]],
      ['When to say yes', 'Wager-free spins are almost always worth taking. Spins with high wagering on winnings are mostly a reason to try a new game.', ['wager-free', 'promotions'], [['Compare offers', 'Convert every offer to expected value before choosing between them.']]],
    ],
    links: [['wagering', '/article/wagering-requirements-decoded']],
  },
  {
    id: 'poker-position-edge', type: 'article', title: 'Poker Position: The Edge Most Beginners Ignore', tag: 'Guides', image: '/demo/poker.svg', author: authors[3], readTime: '7 min',
    description: 'Acting last is worth more than most starting hands. How to widen and tighten your ranges by seat.',
    summary: [['Position is information', 'Acting last lets you see what everyone else did.'], ['Tighten early', 'Play fewer hands from early seats.'], ['Steal late', 'The button and cut-off can open wide.']],
    body: [
      ['Why position matters', 'The player who acts last on each street controls the size of the pot and sees more before deciding. Over thousands of hands this advantage dwarfs card luck.', ['position', 'button'], [['In and out of position', 'Calling out of position with marginal hands is a slow leak.']]],
      ['Ranges by seat', 'From early position open only strong pairs and broadways; from the button open a much wider range including suited connectors.', ['opening ranges', 'early position'], [['Adjusting to tables', 'Against passive blinds, open even wider from late seats.']]],
      ['Playing the blinds', 'The blinds are the hardest seats: you are out of position for every street after the flop. Defend selectively and avoid bloated pots.', ['blinds', 'defence'], [['Three-betting', 'A well-timed three-bet from the blinds takes the initiative back.']]],
    ],
    links: [['button', '/article/bankroll-management-basics']],
  },
  {
    id: 'casino-licences-explained', type: 'article', title: 'Casino Licences Explained: MGA, UKGC and Curaçao', tag: 'Guides', image: '/demo/licences.svg', author: authors[0], readTime: '8 min',
    description: 'What a licence promises players, how regulators differ, and how to check a licence in under a minute.',
    summary: [['Licences are not equal', 'Player protection varies a lot by regulator.'], ['Check the register', 'Every serious regulator publishes a public register.'], ['Disputes need a route', 'Good regulators offer an independent dispute service.']],
    body: [
      ['What regulators require', 'Strong regulators demand segregated player funds, audited games, advertising standards and responsible gambling tools. Weaker ones mainly collect fees.', ['regulator', 'player funds'], [['Segregated funds', 'They protect your balance if the operator goes bust.']]],
      ['Comparing jurisdictions', 'The UK and Malta have detailed rules and active enforcement; Curaçao reformed its system recently, but older sub-licences still circulate.', ['UKGC', 'MGA', 'Curaçao'], [['Local licences', 'Many countries now require a local licence to serve their residents.']]],
      ['Checking a licence', 'Find the licence number in the site footer, then search the regulator\'s own register and confirm the domain is listed.', ['licence number', 'register'], [['Red flags', 'A seal image with no link, or a register entry for a different domain.']]],
    ],
    links: [['audited games', '/article/how-rng-certification-keeps-games-fair']],
  },
  {
    id: 'indie-studio-roundup-november', type: 'article', title: 'Indie Game Studio Roundup: November\'s Standouts', tag: 'Reviews', image: '/demo/indie.svg', author: authors[1], readTime: '6 min',
    description: 'A cosy farming sim with a dark secret, a roguelike deckbuilder and a tiny puzzle game worth every minute.',
    summary: [['Small teams, big ideas', 'Three studios under ten people each shipped this month\'s best surprises.'], ['Deckbuilders keep evolving', 'Roguelike structure meets tactical positioning.'], ['Short can be great', 'A three-hour puzzle game earned our top score.']],
    body: [
      ['The cosy one', 'Beneath the crops and seasons sits a mystery that unfolds through letters from the previous owner. It is gentle, funny and unexpectedly moving.', ['farming sim', 'narrative'], [['Who it is for', 'Players who like slow evenings and a story that rewards attention.']]],
      ['The tactical one', 'This roguelike deckbuilder adds a small grid, so every card is also a movement decision. Runs take forty minutes and rarely feel the same.', ['deckbuilder', 'roguelike'], [['Difficulty', 'Ascension levels add modifiers without padding the run.']]],
      ['The tiny one', 'A puzzle game about folding paper that introduces one idea at a time and never repeats itself. Perfect on a handheld.', ['puzzle', 'handheld'], [['Accessibility', 'Full remapping and a colour-blind palette are included.']]],
    ],
    links: [['handheld', '/article/mobile-gaming-trends-2026']],
  },
  {
    id: 'cs2-major-preview', type: 'article', title: 'CS2 Major Preview: Teams to Watch', tag: 'Esports', image: '/demo/cs2.svg', author: authors[2], readTime: '7 min',
    description: 'Form guides, map pools and the storylines to follow as the world\'s best Counter-Strike teams meet.',
    summary: [['Map pools decide it', 'Depth on Nuke and Ancient separates contenders.'], ['New rosters settle', 'Mid-season changes are starting to pay off.'], ['Underdogs exist', 'Group stage formats reward consistency over peak form.']],
    body: [
      ['The favourites', 'The top two seeds have the deepest map pools and the most LAN experience this year, but both have struggled to close out maps from strong leads.', ['favourites', 'LAN'], [['What to watch', 'Economy management in the second half of close maps.']]],
      ['Dark horses', 'A young roster with a fearless AWPer has beaten three top-ten teams this season and thrives in best-of-one chaos.', ['dark horse', 'AWPer'], [['Veto tendencies', 'They ban Nuke almost every time; forcing them there is a plan.']]],
      ['Format notes', 'The Swiss stage means two losses and you are out, so early best-of-ones carry outsized risk for favourites.', ['Swiss format', 'best-of-one'], [['Betting angle', 'Favourites are often overpriced in best-of-ones.']]],
    ],
    links: [['best-of-ones', '/article/esports-betting-basics']],
  },
  {
    id: 'bankroll-management-basics', type: 'article', title: 'Bankroll Management for Casual Players', tag: 'Guides', image: '/demo/bankroll.svg', author: authors[3], readTime: '5 min',
    description: 'A budget, a unit size and a stop rule: the three habits that keep gaming a hobby.',
    summary: [['Set a monthly budget', 'Money for gaming should be money you can spend on entertainment.'], ['Use units', 'Bet 1–2% of your bankroll per wager or spin.'], ['Have stop rules', 'Decide in advance when a session ends, win or lose.']],
    body: [
      ['Separate the money', 'Keep your gaming budget apart from everyday spending, ideally in a separate e-wallet, so you can see at a glance what is left.', ['budget', 'e-wallet'], [['Monthly reset', 'Start each month fresh instead of topping up mid-month.']]],
      ['Unit sizing', 'A unit of 1–2% of your bankroll gives you enough bets to ride out normal swings. Raise it only when the bankroll grows.', ['unit size', 'variance'], [['Never chase', 'Doubling stakes after losses shortens sessions, it does not fix them.']]],
      ['Stop rules', 'A loss limit and a win goal per session protect you from the two most common traps: chasing losses and giving back wins.', ['loss limit', 'win goal'], [['Write it down', 'A written rule is easier to follow than a mental one.']]],
    ],
    links: [['loss limit', '/article/responsible-gambling-tools']],
  },
  // bottom articles (the Recommended block)
  {
    id: 'sportsbook-promotions-small-print', type: 'articleBottom', title: 'Sportsbook Promotions: Reading the Small Print', tag: 'Guides', image: '/demo/sportsbook.svg', author: authors[0], readTime: '6 min',
    description: 'Bet builders, odds boosts and free bets compared, with the minimum odds rules that decide their value.',
    summary: [['Free bets exclude stake', 'Winnings from a free bet usually exclude the stake.'], ['Minimum odds apply', 'Qualifying bets often need odds of 1.50 or more.'], ['Boosts are capped', 'Odds boosts limit the maximum stake.']],
    body: [
      ['Free bets', 'A 10 free bet at 3.00 returns 20, not 30, because the stake is not returned. That makes higher odds relatively more valuable for free bets.', ['free bets', 'stake not returned'], [['Best use', 'Use free bets on odds between 3.00 and 6.00.']]],
      ['Odds boosts', 'Boosted odds can be genuinely good value, but maximum stakes are often small. Compare the boosted price with other books before betting.', ['odds boost', 'max stake'], [['Price checking', 'A boost that only matches the market is no boost.']]],
      ['Qualifying rules', 'Minimum odds, eligible markets and settlement deadlines decide whether a bet qualifies for a promotion.', ['minimum odds', 'eligible markets'], [['Cash-out', 'Cashing out often disqualifies a bet from promotions.']]],
    ],
    links: [['promotion', '/article/how-to-read-a-casino-bonus']],
  },
  {
    id: 'are-vr-casinos-ready', type: 'articleBottom', title: 'Are VR Casinos Ready for Players?', tag: 'Reviews', image: '/demo/vr.svg', author: authors[1], readTime: '5 min',
    description: 'Social tables and 3D lobbies look impressive. We tested whether they are fun after the first hour.',
    summary: [['Great for social play', 'Poker with avatars is the standout.'], ['Comfort limits sessions', 'Headset fatigue keeps sessions short.'], ['Small game libraries', 'Most VR casinos offer a few dozen games.']],
    body: [
      ['First impressions', 'Walking into a 3D lobby is striking, and social poker tables with voice chat capture a real-room feeling better than any flat screen.', ['VR lobby', 'social poker'], [['Hardware', 'Standalone headsets now run most VR casinos without a PC.']]],
      ['The drawbacks', 'Menus are slower than on a phone, text can be hard to read, and an hour in a headset is tiring for many players.', ['comfort', 'usability'], [['Motion sickness', 'Teleport movement helps players prone to it.']]],
      ['Verdict', 'VR casinos are a fun novelty and a glimpse of social play to come, but not yet a replacement for desktop or mobile.', ['verdict', 'social gaming'], [['Worth trying', 'If you already own a headset, yes.']]],
    ],
    links: [['mobile', '/article/mobile-gaming-trends-2026']],
  },
  {
    id: 'fastest-casino-payment-methods', type: 'articleBottom', title: 'Fastest Casino Payment Methods Compared', tag: 'Guides', image: '/demo/payments.svg', author: authors[2], readTime: '6 min',
    description: 'E-wallets, instant bank transfers, cards and crypto: how long each takes to pay out, and what slows them down.',
    summary: [['E-wallets lead', 'Approved withdrawals often arrive within hours.'], ['Verification first', 'Complete identity checks before your first withdrawal.'], ['Cards are slowest', 'Card refunds can take several working days.']],
    body: [
      ['The pending period', 'Most delays happen before the money leaves the casino: pending periods and manual reviews. Licensed sites must process withdrawals promptly once checks are done.', ['pending period', 'KYC'], [['Speed up KYC', 'Upload documents right after registering.']]],
      ['Method by method', 'E-wallets and instant bank transfers are the fastest traditional options; crypto can be quicker still; card refunds are the slowest.\n\nHere is how the casinos we tested compare on payouts (only those open to players where you are are listed):\n\n{{compare brands="albion-casino, nova-spins, satoshi-slots, liberty-lines, velocity-bet, thames-bet" columns="bonus, code, withdrawal, minDeposit, score" title="Fast-paying casinos compared"}}', ['e-wallets', 'bank transfer', 'cards'], [['Fees', 'Some methods charge for withdrawals; check the cashier page.']]],
      ['Avoiding problems', 'Withdraw to the same method you deposited with, and keep account details consistent to avoid extra checks.', ['closed loop', 'account details'], [['Bonus status', 'An active bonus can block withdrawals until wagering is complete.']]],
    ],
    links: [['crypto', '/article/crypto-casinos-2026']],
  },
  {
    id: 'how-rng-certification-keeps-games-fair', type: 'articleBottom', title: 'How RNG Certification Keeps Games Fair', tag: 'Guides', image: '/demo/rng.svg', author: authors[3], readTime: '5 min',
    description: 'Independent labs test random number generators and game maths before a game goes live. Here is what they check.',
    summary: [['Labs test the RNG', 'Statistical tests check that outcomes are unpredictable.'], ['Game maths is verified', 'Labs confirm the advertised RTP.'], ['Certificates are public', 'Look for the lab\'s certificate on the casino site.']],
    body: [
      ['What an RNG does', 'A random number generator produces outcomes that cannot be predicted from previous ones. Certified RNGs pass batteries of statistical tests over billions of samples.', ['RNG', 'statistical tests'], [['Seeding', 'Good RNGs reseed from hardware entropy.']]],
      ['What labs check', 'Beyond the RNG, labs verify that the game maths matches the published RTP and that the game behaves identically across devices.', ['certification', 'game maths'], [['Ongoing audits', 'Many regulators require periodic re-testing.']]],
      ['Checking it yourself', 'Reputable casinos link to testing certificates in their footer. Click through and confirm the certificate names the site.', ['certificate', 'footer'], [['Provably fair', 'Crypto games can offer player-verifiable results instead.']]],
    ],
    links: [['published RTP', '/article/rtp-explained']],
  },
]

function expand(s: Src, i: number) {
  const body: BodySection[] = s.body.map(([headline, content, keywords, subs], k) => ({
    headline,
    content,
    keywords,
    hyperlinks: k === 0 ? (s.links ?? []).map(([text, url]) => ({ text, url })) : [],
    subsections: subs.map(([subheading, c]) => ({ subheading, content: c })),
  }))
  // link phrases must appear in the first section's text for keyword substitution to find them
  if (body[0]) {
    const missing = body[0].hyperlinks.filter((h) => !body[0].content.toLowerCase().includes(h.text.toLowerCase()))
    if (missing.length) body[0].content += ` Related: ${missing.map((h) => h.text).join(', ')}.`
  }
  const day = String(20 - (i % 19)).padStart(2, '0')
  return {
    _id: s.id,
    title: s.title,
    image: s.image,
    tag: s.tag,
    description: s.description,
    type: s.type,
    content: { summary: s.summary.map(([title, text]) => ({ title, text })), body },
    meta: { author: s.author, date: `2026-11-${day}`, reviewer: reviewers[i % 2], readTime: s.readTime },
    related_studies: [],
    // issue 22: two of the demo's writers have profiles (server/demo/authors.ts); the rest keep text bylines
    ...demoProfilesFor(s.author),
  }
}

export const demoPosts = src.map(expand)
