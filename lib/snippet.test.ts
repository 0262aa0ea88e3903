import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { SnippetSegment } from './search.ts'
import { buildSnippet, matchSpans, SNIPPET_WIDTH } from './snippet.ts'

const plain = (segs: SnippetSegment[]) => segs.map((s) => s.text).join('')
const marked = (segs: SnippetSegment[]) => segs.filter((s) => s.highlight).map((s) => s.text)

describe('matchSpans', () => {
  it('matches whole words, case-insensitively; only the last term also as a word start', () => {
    const text = 'Poker players: poke the POKER pot, pokers and bankrolls.'
    expect(matchSpans(text, ['poker', 'bank']).map((s) => text.slice(s.start, s.end))).toEqual(['Poker', 'POKER', 'bankrolls'])
    expect(matchSpans(text, ['bank', 'poker']).map((s) => text.slice(s.start, s.end))).toEqual(['Poker', 'POKER', 'pokers'])
  })

  it('takes a one-character last term as a whole word only, as the index does', () => {
    const text = 'A bankroll, a budget and an ace'
    expect(matchSpans(text, ['a']).map((s) => text.slice(s.start, s.end))).toEqual(['A', 'a'])
    expect(matchSpans(text, ['an']).map((s) => text.slice(s.start, s.end))).toEqual(['and', 'an'])
  })

  it('ignores diacritics as the index does', () => {
    const text = 'Un café crème, CAFE noir'
    expect(matchSpans(text, ['cafe']).map((s) => text.slice(s.start, s.end))).toEqual(['café', 'CAFE'])
  })

  it('treats regular-expression characters in terms as text (they cannot match a word anyway)', () => {
    for (const term of ['.*', '(', '\\', '[a-z]+', '$&', '^', '|'])
      expect(() => matchSpans('anything (at) all .* [a-z]+ $&', [term])).not.toThrow()
    expect(matchSpans('a.b', ['.*'])).toEqual([])
  })

  it('finds the same words in ASCII text (read character by character) as in any text (read by WORD)', () => {
    // a non-ASCII mark that is no word (an em dash) at the end sends the same text down the general path
    const text = fc.string({ unit: fc.constantFrom(...'abcABC019 .,-_\'\n'), maxLength: 80 })
    const term = fc.string({ unit: fc.constantFrom(...'abcAB019é'), minLength: 1, maxLength: 4 })
    fc.assert(
      fc.property(text, fc.array(term, { minLength: 1, maxLength: 3 }), fc.option(fc.nat(40), { nil: undefined }), (t, terms, within) => {
        expect(matchSpans(t, terms, within)).toEqual(matchSpans(`${t} —`, terms, within))
      }),
      { numRuns: 3_000 },
    )
  })

  it('stops `within` characters after the first match', () => {
    const text = 'odds here, then odds later, and odds at the end'
    expect(matchSpans(text, ['odds']).map((s) => s.start)).toEqual([0, 16, 32])
    expect(matchSpans(text, ['odds'], 16).map((s) => s.start)).toEqual([0, 16])
    expect(matchSpans(`${text} é`, ['odds'], 16).map((s) => s.start)).toEqual([0, 16])
  })
})

describe('buildSnippet', () => {
  it('answers a short text whole, with every match highlighted as a segment', () => {
    const segs = buildSnippet(['Bankroll basics for slot players and bankroll tips'], ['bankroll', 'slot'])
    expect(segs).toEqual([
      { text: 'Bankroll', highlight: true },
      { text: ' basics for ' },
      { text: 'slot', highlight: true },
      { text: ' players and ' },
      { text: 'bankroll', highlight: true },
      { text: ' tips' },
    ])
  })

  it('cuts a long text to a window around the first match, at spaces, with … on cut sides', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`)
    words[120] = 'Volatility'
    const segs = buildSnippet([words.join(' ')], ['volatility'])
    const text = plain(segs)
    expect(text.startsWith('…')).toBe(true)
    expect(text.endsWith('…')).toBe(true)
    expect(text.length).toBeLessThanOrEqual(SNIPPET_WIDTH + 2)
    expect(text.length).toBeGreaterThan(SNIPPET_WIDTH - 20)
    expect(marked(segs)).toEqual(['Volatility'])
    // whole words only at the edges
    expect(text.slice(1, -1).split(' ').every((w) => /^(word\d+|Volatility)$/.test(w))).toBe(true)
    // the match sits near the start, with a little context before it
    expect(text.indexOf('Volatility')).toBeLessThan(70)
  })

  it('picks the text whose window shows the most different terms', () => {
    const segs = buildSnippet(['Poker is fun.', 'Nothing here.', 'Poker position gives an edge.'], ['poker', 'position'])
    expect(plain(segs)).toBe('Poker position gives an edge.')
    expect(marked(segs)).toEqual(['Poker', 'position'])
  })

  it('prefers the earlier text on a tie (description before body)', () => {
    expect(plain(buildSnippet(['Slots guide.', 'Slots everywhere.'], ['slots']))).toBe('Slots guide.')
  })

  it('falls back to the start of the first non-empty text when only the title matched', () => {
    const long = `Intro ${'x'.repeat(20)} `.repeat(20)
    const segs = buildSnippet(['', long], ['title'])
    expect(segs.every((s) => !s.highlight)).toBe(true)
    expect(plain(segs).startsWith('Intro')).toBe(true)
    expect(plain(segs).endsWith('…')).toBe(true)
    expect(buildSnippet(['', '  '], ['x'])).toEqual([])
  })

  it('collapses newlines and runs of spaces', () => {
    expect(plain(buildSnippet(['Line one\n\n  line   two slots'], ['slots']))).toBe('Line one line two slots')
  })

  it('handles unicode: accents, right-to-left text, CJK, and never splits an emoji', () => {
    expect(marked(buildSnippet(['Le résumé du café'], ['resume', 'cafe']))).toEqual(['résumé', 'café'])
    expect(marked(buildSnippet(['مرحبا بالعالم العربي'], ['بالعالم']))).toEqual(['بالعالم'])
    expect(marked(buildSnippet(['日本語のテキスト です'], ['日本語']))).toEqual(['日本語のテキスト']) // prefix of the last term, as FTS5 matches
    const emoji = '🎰'.repeat(300) + ' jackpot ' + '🎰'.repeat(300)
    const text = plain(buildSnippet([emoji], ['jackpot']))
    expect(text).toContain('jackpot')
    expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/) // no half emoji
  })

  it('keeps regular-expression characters in the text as text', () => {
    const segs = buildSnippet(['Price: $5 (approx.) [see *terms*] for bonus.'], ['bonus'])
    expect(plain(segs)).toBe('Price: $5 (approx.) [see *terms*] for bonus.')
    expect(marked(segs)).toEqual(['bonus'])
  })

  it('stays quick on a huge text', () => {
    const huge = 'filler '.repeat(500_000) + 'needle'
    const started = performance.now()
    buildSnippet([huge, huge], ['needle'])
    expect(performance.now() - started).toBeLessThan(500)
  })
})
