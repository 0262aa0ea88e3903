import { describe, expect, it } from 'vitest'
import { normalizeTags, tagSlugsOf, tagsOf, withTyped } from './tags.ts'

describe('post tags', () => {
  it('reads an older post (only `tag`) as a one-tag list, and a new one by its list', () => {
    expect(tagsOf({ tag: ' Guides ' })).toEqual(['Guides'])
    expect(tagsOf({ tag: '' })).toEqual([])
    expect(tagsOf({ tag: 'Guides', tags: ['Guides', 'Esports'] })).toEqual(['Guides', 'Esports'])
  })
  it('keeps one spelling per archive, trims, drops empties and caps the list', () => {
    expect(normalizeTags(['Guides', ' guides ', '', 'Hollow  Knight', 'GUIDES'])).toEqual(['Guides', 'Hollow Knight'])
    expect(normalizeTags(Array.from({ length: 30 }, (_, i) => `t${i}`))).toHaveLength(20)
  })
  it('"Guides, Speedrunning, Hollow Knight" typed into the chip input is three tags, each with its archive', () => {
    const tags = withTyped([], 'Guides, Speedrunning, Hollow Knight')
    expect(tags).toEqual(['Guides', 'Speedrunning', 'Hollow Knight'])
    expect(tagSlugsOf({ tags })).toEqual(['guides', 'speedrunning', 'hollow-knight'])
  })
  it('saves the tag still being typed with the chips', () => {
    expect(withTyped(['Guides'], 'Esp')).toEqual(['Guides', 'Esp'])
    expect(withTyped(['Guides'], '  ')).toEqual(['Guides'])
  })
})
