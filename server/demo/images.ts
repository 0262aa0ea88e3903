/** The demo images shipped in public/demo/ (written by scripts/make-demo-images.ts), with alt text. */
export const demoCovers: Record<string, string> = {
  hero: 'Win smarter',
  'bonus-reading': 'Bonus terms',
  rtp: 'RTP explained',
  wagering: 'Wagering',
  responsible: 'Play safe',
  'esports-betting': 'Esports odds',
  'live-casino': 'Live dealers',
  crypto: 'Crypto casinos',
  volatility: 'Volatility',
  mobile: 'Mobile trends',
  'free-spins': 'Free spins',
  poker: 'Poker position',
  licences: 'Licences',
  indie: 'Indie roundup',
  cs2: 'CS2 Major',
  bankroll: 'Bankroll',
  sportsbook: 'Sportsbook',
  vr: 'VR casinos',
  payments: 'Payments',
  rng: 'Fair play RNG',
}

export const demoBrandLogos: Record<string, string> = {
  'nova-spins': 'NS',
  luckyforge: 'LF',
  'arcadia-bet': 'AB',
  'satoshi-slots': 'SS',
  'royal-reel': 'RR',
  'pixel-poker': 'PP',
  'velocity-bet': 'VB',
  moonjackpot: 'MJ',
  'albion-casino': 'AC',
  'thames-bet': 'TB',
  'liberty-lines': 'LL',
  'northstar-casino': 'NC',
}

/** Demo covers as media-library entries, so image search finds them without any outside service. */
export const demoLibrary = Object.entries(demoCovers).map(([file, alt]) => ({
  id: `demo-${file}`,
  url: `/demo/${file}.svg`,
  alt: `${alt} (gaming cover)`,
  filename: `${file}.svg`,
}))
