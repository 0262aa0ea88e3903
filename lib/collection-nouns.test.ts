import { describe, expect, it } from 'vitest'
import { countOf, describeCounts } from './collection-nouns.ts'

describe('counts in words (issue 25: "3 users, 22 articles", never internal collection names)', () => {
  it('names what a collection holds, singular and plural', () => {
    expect(countOf('user', 1)).toBe('1 user')
    expect(countOf('posts', 22)).toBe('22 articles')
    expect(countOf('brands', 1200)).toBe('1,200 brand pages')
  })
  it('lists the non-empty ones, people and content first', () => {
    expect(describeCounts({ clicks: 3, posts: 22, user: 3, conversions: 0 })).toBe('3 users, 22 articles and 3 clicks')
    expect(describeCounts({ posts: 0 })).toBe('nothing')
  })
})
