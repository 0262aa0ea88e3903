import { describe, expect, it } from 'vitest'
import { foldWord, queryFromPath, SEARCH_TERMS_MAX, searchHref, searchTerms, SUGGEST_QUERY_MAX } from './search.ts'

describe('searchTerms: a query becomes plain words', () => {
  it('splits on anything that is not a letter or digit, lower-cases and keeps the order', () => {
    expect(searchTerms('  Crypto Casinos: speed, fees & risks!  ')).toEqual(['crypto', 'casinos', 'speed', 'fees', 'risks'])
  })

  it('drops query syntax: quotes, *, ^, -, column filters, parentheses, NEAR groups', () => {
    expect(searchTerms('"poker" *slots ^rtp -bonus title:x')).toEqual(['poker', 'slots', 'rtp', 'bonus', 'title', 'x'])
    expect(searchTerms('(poker OR slots')).toEqual(['poker', 'slots'])
    expect(searchTerms('NEAR(alpha beta, 5)')).toEqual(['near', 'alpha', 'beta', '5'])
  })

  it('leaves out the most common English words, AND, OR and NOT among them, unless nothing else is left', () => {
    expect(searchTerms('Are Free Spins Worth It? Doing the Maths')).toEqual(['free', 'spins', 'worth', 'doing', 'maths'])
    expect(searchTerms('poker AND NOT slots')).toEqual(['poker', 'slots'])
    expect(searchTerms('to be or not to be')).toEqual(['to', 'be', 'or', 'not'])
    expect(searchTerms('The Witcher 3')).toEqual(['witcher', '3'])
  })

  it('answers no terms for empty, blank, punctuation-only, emoji-only and control-character queries', () => {
    for (const q of ['', '   ', '"', '***', '()', '🎰🎲', '\u0000\u0001\u001f\u007f', '\uFFFD', '\uD800'])
      expect(searchTerms(q), JSON.stringify(q)).toEqual([])
  })

  it('separates words at control characters, NUL included', () => {
    expect(searchTerms('poker\u0000slots\ttips\u200bnow')).toEqual(['poker', 'slots', 'tips', 'now'])
  })

  it('keeps each word once, as the index folds it (case and diacritics)', () => {
    expect(searchTerms('Café cafe CAFÉ cafe\u0301 slots Slots')).toEqual(['café', 'slots'])
  })

  it(`keeps at most ${SEARCH_TERMS_MAX} words`, () => {
    expect(searchTerms('b c d e f g h j k l m')).toEqual(['b', 'c', 'd', 'e', 'f', 'g', 'h', 'j'])
  })

  it('reads any script: accents, Arabic (right to left), Cyrillic, CJK, digits', () => {
    expect(searchTerms('Résumé مرحبا بالعالم Привет 日本語 2026 x²')).toEqual(['résumé', 'مرحبا', 'بالعالم', 'привет', '日本語', '2026', 'x²'])
  })

  it('never throws, whatever the input', () => {
    const hostile = ['\uDC00\uD800', 'a'.repeat(10_000), '%00', "'; DROP TABLE posts; --", '\\', '$&', '[', '.*']
    for (const q of hostile) expect(() => searchTerms(q)).not.toThrow()
  })
})

describe('foldWord', () => {
  it('compares words as the index does: without case or diacritics', () => {
    expect(foldWord('ÉTÉ')).toBe('ete')
    expect(foldWord('İstanbul')).toBe('istanbul')
    expect(foldWord('nai\u0308ve')).toBe('naive')
  })
})

describe('searchHref', () => {
  it('builds /search?q= (the SearchAction URL shape), with page past the first', () => {
    expect(searchHref('free spins')).toBe('/search?q=free+spins')
    expect(searchHref('a&b=c#d', 2)).toBe('/search?q=a%26b%3Dc%23d&page=2')
  })
})

describe('queryFromPath: the words of an unknown address (the 404 page, issue 26)', () => {
  it.each([
    ['/article/nova-spins-reveiw', 'nova spins reveiw'],
    ['/brands/NovaSpins.html', 'novaspins'],
    ['/tag/esprts', 'esprts'],
    ['/articles/page/99', ''],
    ['/blog/2019/05/best_poker-rooms.php', 'blog best poker rooms'],
    ['/caf%C3%A9-royale', 'café royale'],
    ['/%E0%A4%A/broken-escape', 'e0 a4 a broken escape'],
    ['/', ''],
    ['/witcher-3-review', 'witcher 3 review'],
  ])('%s → "%s"', (path, q) => {
    expect(queryFromPath(path)).toBe(q)
  })

  it('is bounded: each word once, at most SEARCH_TERMS_MAX words and SUGGEST_QUERY_MAX characters', () => {
    expect(queryFromPath('/a-b-a-b-c-d-e-f-g-h-i-j').split(' ')).toHaveLength(SEARCH_TERMS_MAX)
    const long = queryFromPath(`/${Array.from({ length: 8 }, (_, i) => `${'w'.repeat(20)}${i}`).join('-')}`)
    expect(long.length).toBeLessThanOrEqual(SUGGEST_QUERY_MAX)
    expect(long.split(' ').every((w) => w.length === 21)).toBe(true) // cut between words
    expect(queryFromPath(`/${'x'.repeat(100_000)}`).length).toBeLessThanOrEqual(SUGGEST_QUERY_MAX)
  })
})
