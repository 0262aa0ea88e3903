/**
 * Writes N generated articles as an NDJSON export (`bun bench/generate-articles.ts N FILE`), the shape
 * `bun run cli -- import posts FILE` reads. Deterministic: the same N always gives the same file.
 * Articles are realistically sized (summary, three body sections with subsections, links) and spread
 * over a few dozen tags, so archives, sitemaps and search work on something like a real site.
 */
import { createWriteStream } from 'node:fs'

const words =
  'bonus wagering casino slots poker odds bankroll jackpot roulette blackjack esports betting payout volatility licence regulator withdrawal deposit welcome offer spins strategy variance tournament stream league market live cashout accumulator handicap parlay return player house edge reload loyalty tier crypto wallet mobile app responsible limits budget session reality check'.split(
    ' ',
  )
const tags = Array.from({ length: 40 }, (_, i) => ['Guides', 'News', 'Reviews', 'Esports', 'Strategy', 'Crypto', 'Mobile', 'Regulation'][i % 8] + (i < 8 ? '' : ` ${Math.floor(i / 8) + 1}`))

/** A small, fast, seeded generator: the same file every run. */
function rng(seed: number) {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 4294967296
  }
}

export function generatedArticle(i: number) {
  const r = rng(i + 1)
  const pick = () => words[Math.floor(r() * words.length)]
  const sentence = (n: number) => {
    const w = Array.from({ length: n }, pick)
    return `${w[0][0].toUpperCase()}${w.join(' ').slice(1)}.`
  }
  const paragraph = (n: number) => Array.from({ length: n }, () => sentence(8 + Math.floor(r() * 10))).join(' ')
  const at = new Date(Date.UTC(2020, 0, 1) + i * 37 * 60_000).toISOString()
  const title = `${sentence(4 + Math.floor(r() * 4)).slice(0, -1)} ${i}`
  return {
    _id: `gen-${i}`,
    title,
    image: `/demo/${['bankroll', 'crypto', 'cs2', 'free-spins', 'indie'][i % 5]}.svg`,
    tag: tags[i % tags.length],
    description: paragraph(2).slice(0, 300),
    type: 'article',
    content: {
      summary: Array.from({ length: 3 }, () => ({ title: sentence(3), text: sentence(14) })),
      body: Array.from({ length: 3 }, () => ({
        headline: sentence(5),
        content: paragraph(5),
        keywords: [pick(), pick()],
        hyperlinks: [{ text: pick(), url: `/article/gen-${Math.floor(r() * Math.max(1, i))}` }],
        subsections: [{ subheading: sentence(4), content: paragraph(2) }],
      })),
    },
    meta: { author: 'Bench Writer', date: at.slice(0, 10), reviewer: '', readTime: '6 min' },
    related_studies: [],
    createdAt: at,
    updatedAt: at,
  }
}

if (import.meta.main) {
  const [n, file] = [Number(process.argv[2]), process.argv[3]]
  if (!Number.isInteger(n) || n < 1 || !file) {
    console.error('usage: bun bench/generate-articles.ts N FILE.ndjson')
    process.exit(1)
  }
  const out = createWriteStream(file)
  for (let i = 0; i < n; i++) {
    if (!out.write(`${JSON.stringify({ kind: 'post', record: generatedArticle(i) })}\n`)) await new Promise((r) => out.once('drain', r))
  }
  await new Promise<void>((r) => out.end(r))
}
