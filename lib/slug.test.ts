import { describe, expect, it } from 'vitest'
import { slugAsTyped, slugify } from './slug.ts'

describe('slugAsTyped: a URL slug while it is typed', () => {
  it('turns each space into a hyphen at once, key by key', () => {
    let typed = ''
    for (const key of 'Hollow Knight Speedrun') typed = slugAsTyped(typed + key)
    expect(typed).toBe('hollow-knight-speedrun')
  })
  it.each([
    ['two spaces', 'hollow  knight', 'hollow-knight'],
    ['an underscore and punctuation', 'RTP_explained: a guide!', 'rtp-explained-a-guide-'],
    ['accents', 'Café Crème', 'cafe-creme'],
    ['a leading space', ' hollow', 'hollow'],
    ['a trailing space (the next word is coming)', 'hollow ', 'hollow-'],
  ])('%s', (_n, typed, slug) => expect(slugAsTyped(typed)).toBe(slug))
  it('leaves to slugify, on leaving the field, the trailing hyphen', () => expect(slugify(slugAsTyped('hollow '))).toBe('hollow'))
})
