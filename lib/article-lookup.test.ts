import { describe, expect, it } from 'vitest'
import { findArticleById } from './article-lookup.ts'

describe('findArticleById (spec §2)', () => {
  const articles = [{ _id: 'a1', title: 'A' }, { id: 42, title: 'numeric id' }]
  const featured = { _id: 'f1', title: 'F' }
  it('matches _id as a string', () => expect(findArticleById('a1', articles, featured)?.title).toBe('A'))
  it('matches id compared as a string', () => expect(findArticleById('42', articles)?.title).toBe('numeric id'))
  it('looks in the featured item too', () => expect(findArticleById('f1', articles, featured)?.title).toBe('F'))
  it('returns undefined when nothing matches', () => expect(findArticleById('zz', articles, featured, null)).toBeUndefined())
})
