import { describe, expect, it } from 'vitest'
import { post } from '../test/factories.ts'
import { SITE_DESCRIPTION } from './site.ts'
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, brandDescription, brandTitle, clipText, metaDescription, pageTitle, postDescription } from './seo.ts'

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ')

describe('clipText', () => {
  it('leaves short text alone, squashing whitespace', () => expect(clipText('  a \n b  ', 10)).toBe('a b'))
  it('cuts at a word boundary and adds an ellipsis, within the limit', () => {
    const out = clipText(words(60), 100)
    expect(out.length).toBeLessThanOrEqual(100)
    expect(out.endsWith('…')).toBe(true)
    expect(words(60).startsWith(out.slice(0, -1))).toBe(true)
    expect(out.at(-2)).not.toBe(' ')
  })
  it('drops punctuation left dangling before the ellipsis', () => expect(clipText('Alpha beta, gamma delta epsilon', 20)).toBe('Alpha beta, gamma…'))
  it('cuts a single overlong word mid-word rather than dropping it', () => expect(clipText('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`))
})

describe('pageTitle', () => {
  it('adds the site suffix', () => expect(pageTitle('RTP Explained: What Return to Player Really Means')).toBe('RTP Explained: What Return to Player Really Means | GameWise'))
  it('shortens a long title, never the suffix, to at most TITLE_MAX', () => {
    const t = pageTitle(words(40))
    expect(t.length).toBeLessThanOrEqual(TITLE_MAX)
    expect(t.endsWith('… | GameWise')).toBe(true)
  })
})

describe('descriptions (50–160 characters at a word boundary)', () => {
  it("uses the post's description when it says enough", () => {
    const p = post('a', 'A title')
    p.description = 'A description long enough to stand on its own in a search result.'
    expect(postDescription(p)).toBe(p.description)
  })

  it('falls back to the summary, then the first body section', () => {
    const p = post('b', 'B title')
    p.description = ''
    p.content.summary = [{ title: 'Averages', text: 'RTP is measured over millions of spins.' }]
    expect(postDescription(p)).toBe('Averages: RTP is measured over millions of spins.')
    p.content.summary = []
    p.content.body = [{ headline: 'H', content: words(80), keywords: [], hyperlinks: [], subsections: [] }]
    const d = postDescription(p)
    expect(d.length).toBeGreaterThanOrEqual(DESCRIPTION_MIN)
    expect(d.length).toBeLessThanOrEqual(DESCRIPTION_MAX)
    expect(d.startsWith('word0 word1')).toBe(true)
  })

  it('joins sources while the text is shorter than 50 characters', () => {
    expect(metaDescription(['Too short', 'Then the next source adds enough words to pass fifty.'])).toBe('Too short. Then the next source adds enough words to pass fifty.')
  })

  it('clips long text to 160 at a word boundary', () => {
    const d = metaDescription([words(100)])
    expect(d.length).toBeLessThanOrEqual(DESCRIPTION_MAX)
    expect(d.length).toBeGreaterThan(DESCRIPTION_MAX - 12)
  })

  it('an empty post still gets a unique description from its title', () => {
    const p = post('c', 'Empty post')
    p.description = ''
    p.content = { summary: [], body: [] }
    expect(postDescription(p)).toBe(`Empty post. ${SITE_DESCRIPTION}`)
  })

  it('brands: tagline, else highlight and bonus', () => {
    const brand = { brandName: 'Nova', tagline: '', offerHighlight: '100% up to 500', bonusOffer: '100% match up to 500 and 200 free spins' }
    expect(brandDescription(brand)).toBe('100% up to 500. 100% match up to 500 and 200 free spins')
    expect(brandTitle(brand)).toBe('Nova review and offer | GameWise')
  })
})
