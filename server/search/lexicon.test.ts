import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { offer } from '../../test/factories.ts'
import { buildLexicon, type BrandSource, TITLES_KEPT, VOCABULARY_MAX, wordsOf } from './lexicon.ts'
import { brandCandidates, brandScore, correctTerms, scoreBrands, tagScore, titleMatches, titlesMatching } from './matching.ts'
import { indexWords, scoreTerms, termScore, typosAllowed } from './word-index.ts'

/**
 * Issue 26: the lexicon that lets search name brands and tags, forgive typos and word starts, and
 * suggest a spelling. Pure functions over plain data: what a visitor types, against what the site holds.
 */
const brand = (brandName: string, over: Partial<BrandSource> & { tagline?: string; type?: string[] } = {}): BrandSource => ({
  offer: offer({ _id: brandName.toLowerCase().replace(/\W+/g, '-'), brandName, tagline: over.tagline ?? 'A casino', offerHighlight: '', type: over.type ?? ['typeNew'] }),
  geo: over.geo,
  highlights: over.highlights,
})
const lexicon = buildLexicon({
  brands: [
    brand('Nova Spins', { tagline: 'Fast withdrawals and daily free spins', type: ['typeNew', 'typeLiveCasino'], highlights: [{ title: 'Withdrawal time', value: 'Under an hour' }] }),
    brand('Lucky Harbour', { tagline: 'Crypto-friendly casino' }),
    brand('Spinzone'),
  ],
  tags: ['Esports', 'Poker Strategy', 'Responsible Gambling'],
  titles: [
    { _id: 'rtp-explained', title: 'RTP Explained: what the number means' },
    { _id: 'wagering', title: 'Wagering requirements decoded' },
  ],
})
const named = (name: string) => lexicon.brands.find((b) => b.offer.brandName === name)!
const terms = (q: string) => wordsOf(q)
/** Brands the query names, best first, as search ranks them. */
const brandsFor = (q: string) =>
  lexicon.brands
    .map((b) => ({ name: b.offer.brandName, score: brandScore(terms(q), b) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((x) => x.name)

describe('words as the lexicon compares them', () => {
  it('folds case and diacritics, splits on anything but letters and digits, keeps each word once', () => {
    expect(wordsOf('Café  CAFE — Nova-Spins, nova!')).toEqual(['cafe', 'nova', 'spins'])
  })

  it('allows no typo under four letters, one from four to six, two from seven', () => {
    expect([typosAllowed('nov'), typosAllowed('nova'), typosAllowed('spinss'), typosAllowed('wagerng')]).toEqual([0, 1, 1, 2])
  })

  it('scores a term against a word: the same, a word start, a typo, or nothing', () => {
    expect(termScore('nova', 'nova', { fuzzy: true })).toBe(1)
    expect(termScore('nov', 'nova', { fuzzy: true })).toBe(0.8)
    expect(termScore('spns', 'spins', { fuzzy: true })).toBe(0.6)
    expect(termScore('spns', 'spins', { fuzzy: false })).toBe(0)
    expect(termScore('n', 'nova', { fuzzy: true })).toBe(0) // one letter is not a word start worth matching
    expect(termScore('nox', 'nova', { fuzzy: true })).toBe(0) // too short for a typo
  })
})

describe('brands a query names (issue 26: "nov", "nova spns", "novaspins")', () => {
  it.each(['nova spins', 'Nova Spins', 'nov', 'nova', 'nova spns', 'nvoa spins', 'novaspins', 'novaspns', 'nova spins review'])('"%s" finds Nova Spins first', (q) => {
    expect(brandsFor(q)[0]).toBe('Nova Spins')
  })

  it('a name outranks a word found only in another brand\'s tagline or tags', () => {
    const spins = brandsFor('spins')
    expect(spins).toContain('Nova Spins')
    expect(named('Nova Spins').other.has('spins')).toBe(true) // its tagline says "free spins" as well
    expect(brandScore(['spinzone'], named('Spinzone'))).toBeGreaterThan(brandScore(['spinzone'], named('Nova Spins')))
  })

  it('matches taglines, type tags and brand facts when every term is found there', () => {
    expect(brandsFor('crypto')).toEqual(['Lucky Harbour'])
    expect(brandsFor('live casino')).toContain('Nova Spins') // typeLiveCasino, as the site labels it
    expect(brandsFor('withdrawal time')).toContain('Nova Spins') // a fact's title
  })

  it('does not match a stranger: unrelated words, a short word one letter off, one term of two missing', () => {
    expect(brandsFor('zzqx')).toEqual([])
    expect(brandsFor('poker')).toEqual([])
    expect(brandsFor('nox')).toEqual([])
    expect(brandsFor('crypto poker')).toEqual([])
    expect(brandScore([], named('Nova Spins'))).toBe(0)
  })
})

describe('scoring only the candidates (the lexicon\'s word index)', () => {
  it.each(['nova spins', 'nov', 'nova spns', 'novaspins', 'novaspns', 'crypto', 'live casino', 'withdrawal time', 'spinzone', 'spinzon', 'zzqx', 'poker'])(
    '"%s": the candidates hold every brand that scores, and each scores as it would alone',
    (q) => {
      const t = terms(q)
      const scores = scoreTerms(t, lexicon.brandWords)
      const candidates = brandCandidates(t, lexicon, scores)
      const scoring = lexicon.brands.filter((b) => brandScore(t, b) > 0)
      expect(candidates.map((b) => b.offer.brandName)).toEqual(expect.arrayContaining(scoring.map((b) => b.offer.brandName)))
      for (const b of candidates) expect(brandScore(t, b, scores)).toBe(brandScore(t, b))
      expect(candidates.map((b) => lexicon.brands.indexOf(b))).toEqual([...candidates.map((b) => lexicon.brands.indexOf(b))].sort((x, y) => x - y)) // editorial order
    },
  )
})

describe('the brand word index', () => {
  // words of every length from 1 to 12 sharing starts, letters and lengths, as brand words do
  const words = ['a', 'no', 'nov', 'nova', 'novas', 'novae', 'spin', 'spins', 'spinz', 'spinzone', 'spinzones', 'zone', 'lucky', 'luck', 'harbour', 'harbor', 'crypto', 'cryptos', 'withdrawal', 'withdrawals', 'casino', 'casinos', 'cashino', 'ab', 'abc', 'abcd', 'abcdefghijkl', 'café']
  const index = indexWords(words)
  const same = (term: string) => expect(scoreTerms([term], index)[0], term).toEqual(scoreTerms([term], words)[0])

  it('scores every word as trying each word would: exact, starts, typos and misspelt starts', () => {
    for (const t of ['nova', 'nov', 'no', 'n', 'novs', 'nvoa', 'spns', 'spinzon', 'spnzone', 'spinzonez', 'zzqx', 'withdrawl', 'witdrawals', 'casion', 'cas', 'casi', 'harbur', 'harbourz', 'crpto', 'abcdefghijkm', 'bcde', 'cafe', 'caf', '']) same(t)
  })

  it('agrees with trying each word for any term (property)', () => {
    const letters = fc.constantFrom(...'abcdeilnorstuvwz')
    const edited = fc.tuple(fc.constantFrom(...words), fc.array(fc.tuple(fc.nat(12), letters, fc.nat(2)), { maxLength: 3 })).map(([w, edits]) =>
      edits.reduce((s, [at, ch, kind]) => (kind === 0 ? s.slice(0, at) + ch + s.slice(at) : kind === 1 ? s.slice(0, at) + s.slice(at + 1) : s.slice(0, at) + ch + s.slice(at + 1)), w),
    )
    fc.assert(fc.property(fc.oneof(edited, fc.string({ unit: letters, maxLength: 10 })), (t) => {
      same(t)
    }), { numRuns: 2_000 })
  })
})

describe('scoring every brand at once (scoreBrands)', () => {
  // many brands sharing syllables, name words and tagline words, as a real list does
  const syllables = ['ka', 'lo', 'mi', 'ra', 'ten', 'vor', 'sel', 'spin', 'bet', 'to', 'the', 'nova']
  const pickOf = (seed: number, list: readonly string[]) => list[Math.abs(Math.imul(seed, 2654435761) >> 7) % list.length]!
  const word = (seed: number) => pickOf(seed, syllables) + pickOf(seed * 7 + 3, syllables) + (seed % 3 ? pickOf(seed * 13 + 1, syllables) : '')
  const many = buildLexicon({
    brands: Array.from({ length: 200 }, (_, i) =>
      brand(`${word(i + 1)} ${pickOf(i, ['Spins', 'Casino', 'Bet', 'Club'])}`, { tagline: `${word(i * 3 + 2)} to the ${word(i * 5 + 4)} ${pickOf(i * 11, ['bonus', 'crypto', 'live', 'fast'])}`, type: i % 2 ? ['typeLiveCasino'] : ['typeNew'] }),
    ),
    tags: [],
    titles: [],
  })
  const agree = (q: string) => {
    const t = terms(q)
    const expected = many.brands.map((b) => ({ name: b.offer.brandName, score: brandScore(t, b) })).filter((x) => x.score > 0)
    const got = scoreBrands(t, many, scoreTerms(t, many.brandWordIndex)).map((x) => ({ name: x.brand.offer.brandName, score: x.score }))
    expect(got, q).toEqual(expected)
  }

  it('gives every brand brandScore\'s score, in editorial order', () => {
    for (const q of ['to', 'the', 'spins', 'kalo spins', 'kalospins', 'kalo spns', 'ka', 'live casino', 'crypto', 'nova', 'novaka', 'zzqx', 'the to', 'bonus live']) agree(q)
    expect(scoreBrands([], many, [])).toEqual([])
  })

  it('agrees with brandScore for any query of brand words, their starts and typos (property)', () => {
    const words = many.brandWords
    const term = fc.tuple(fc.constantFrom(...words), fc.nat(3), fc.nat(8)).map(([w, cut, at]) => (cut === 1 ? w.slice(0, Math.max(2, w.length - 2)) : cut === 2 ? w.slice(0, at) + w.slice(at + 1) : w))
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 4 }), (ts) => {
        agree(ts.join(' '))
      }),
      { numRuns: 300 },
    )
  })
})

describe('tags and titles', () => {
  it('finds a tag by its words, its start, run together or with a typo', () => {
    const tag = (name: string) => lexicon.tags.find((t) => t.name === name)!
    for (const q of ['esports', 'esport', 'esprts', 'poker strategy', 'pokerstrategy', 'poker strat']) {
      const best = lexicon.tags.map((t) => ({ t, s: tagScore(terms(q), t) })).sort((a, b) => b.s - a.s)[0]!
      expect(best.s, q).toBeGreaterThan(0)
      expect(best.t.name, q).toBe(q.startsWith('e') ? 'Esports' : 'Poker Strategy')
    }
    expect(tagScore(terms('crypto'), tag('Esports'))).toBe(0)
    expect(tag('Poker Strategy').href).toBe('/tag/poker-strategy')
  })

  it('a title matches when it holds every term as a word or word start, with no typo (suggestions)', () => {
    const rtp = lexicon.titles.find((t) => t.id === 'rtp-explained')!
    expect(titleMatches(terms('rtp expl'), rtp)).toBe(true)
    expect(titleMatches(terms('number'), rtp)).toBe(true)
    expect(titleMatches(terms('rtp wagering'), rtp)).toBe(false)
    expect(titleMatches(terms('rtp explaned'), rtp)).toBe(false)
  })
})

describe('titles from the word index', () => {
  const many = buildLexicon({
    brands: [],
    tags: [],
    titles: Array.from({ length: 300 }, (_, i) => ({ _id: `t${i}`, title: `${['Poker', 'Slots', 'Roulette', 'Esports'][i % 4]} guide ${i % 7 ? 'for beginners' : 'x'} part ${i}` })),
  })
  it.each(['poker', 'pok', 'po', 'poker beg', 'guide', 'slots part', 'x', 'part 7', 'zzz', 'roulette x', 'beginners poker'])('"%s": the newest titles holding every term, as a pass over all of them finds', (q) => {
    const t = terms(q)
    const brute = many.titles.filter((title) => titleMatches(t, title)).slice(0, 8)
    expect(titlesMatching(t, many, 8).map((x) => x.id)).toEqual(brute.map((x) => x.id))
  })
})

describe('"Did you mean": the nearest known spelling', () => {
  it('corrects each unknown word to a known one within its typos, and says null when nothing changes', () => {
    expect(correctTerms(terms('wagerng requirments'), lexicon)).toEqual(['wagering', 'requirements'])
    expect(correctTerms(terms('wagering requirements'), lexicon)).toBeNull()
    expect(correctTerms(terms('qqqqzzzz'), lexicon)).toBeNull()
    expect(correctTerms([], lexicon)).toBeNull()
  })

  it('turns a run-together or misspelt brand or tag name into its words', () => {
    expect(correctTerms(terms('novaspins'), lexicon)).toEqual(['nova', 'spins'])
    expect(correctTerms(terms('novaspns'), lexicon)).toEqual(['nova', 'spins'])
    expect(correctTerms(terms('pokerstrategy'), lexicon)).toEqual(['poker', 'strategy'])
  })

  it('prefers the more frequent of two words equally near', () => {
    const lex = buildLexicon({ brands: [], tags: [], titles: [{ _id: 'a', title: 'slots' }, { _id: 'b', title: 'slots' }, { _id: 'c', title: 'slats' }] })
    expect(correctTerms(['slets'], lex)).toEqual(['slots'])
  })
})

describe('bounded', () => {
  it('keeps at most TITLES_KEPT titles and VOCABULARY_MAX words, the most frequent, for corrections', () => {
    const tags = Array.from({ length: VOCABULARY_MAX + 10 }, (_, i) => `common w${i.toString(36)}x`)
    const titles = Array.from({ length: TITLES_KEPT + 5 }, (_, i) => ({ _id: `p${i}`, title: `title ${i}` }))
    const lex = buildLexicon({ brands: [], tags, titles })
    expect(lex.vocabulary.size).toBe(VOCABULARY_MAX)
    expect(lex.vocabulary.get('common')).toBe(VOCABULARY_MAX + 10)
    expect(lex.titles).toHaveLength(TITLES_KEPT) // the newest titles only
    expect([...lex.byLength.values()].reduce((n, words) => n + words.length, 0)).toBe(VOCABULARY_MAX)
  })
})
