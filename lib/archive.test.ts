import { describe, expect, it } from 'vitest'
import { archivePath, pageLinks, pageParam, tagPath } from './archive.ts'

describe('archive paging', () => {
  it('puts page 1 at the list itself and later pages under /page/N', () => {
    expect(archivePath('/articles', 1)).toBe('/articles')
    expect(archivePath('/articles', 2)).toBe('/articles/page/2')
    expect(archivePath('/tag/news', 7)).toBe('/tag/news/page/7')
  })
  it('reads page numbers strictly', () => {
    expect(pageParam(undefined)).toBe(1)
    expect(pageParam('12')).toBe(12)
    for (const bad of ['0', '01', '-1', '1.5', 'x', '', '99999999', '1e3']) expect(pageParam(bad), bad).toBeNaN()
  })
  it('shows the first, the last and two either side of the current page, with gaps', () => {
    const show = (page: number, pages: number) => pageLinks(page, pages).map((l) => ('gap' in l ? '…' : l.page)).join(' ')
    expect(show(1, 1)).toBe('1')
    expect(show(1, 3)).toBe('1 2 3')
    expect(show(1, 100)).toBe('1 2 3 … 100')
    expect(show(50, 100)).toBe('1 … 48 49 50 51 52 … 100')
    expect(show(100, 100)).toBe('1 … 98 99 100')
    expect(show(4, 7)).toBe('1 2 3 4 5 6 7')
  })
  it('links a tag to its archive by slug', () => {
    expect(tagPath('Responsible Gambling')).toBe('/tag/responsible-gambling')
  })
})
