// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { card, post } from '../test/factories.ts'
import { ArticleView } from './ArticleView.tsx'
import { type AuthorProfile, AuthorView } from './AuthorView.tsx'

/** The server-rendered HTML, parsed: what a browser (and a crawler) gets before any JavaScript. */
function html(node: React.ReactElement) {
  const div = document.createElement('div')
  div.innerHTML = renderToString(node)
  return div
}
const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, ' ').trim()

describe('the article byline (issue 22)', () => {
  const article = { ...post('rtp', 'RTP explained'), createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-24T08:30:00.000Z' }
  article.meta = { author: 'Daniel Okafor', date: '2026-01-01', reviewer: 'Elena Rossi, compliance editor', readTime: '6 min' }

  it("links the author's and the reviewer's pages, with the published and updated days as <time datetime>", () => {
    const root = html(<ArticleView article={article} body={[]} byline={{ author: { name: 'Daniel Okafor', slug: 'daniel-okafor' }, reviewer: { name: 'Maya Chen', slug: 'maya-chen' } }} />)
    const byline = root.querySelector('p.byline')!
    expect(text(byline)).toBe('By Daniel Okafor · Published 20 November 2026 · Updated 24 November 2026 · 6 min read · Reviewed by Maya Chen')
    const links = [...byline.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')])
    expect(links).toEqual([
      ['Daniel Okafor', '/author/daniel-okafor', 'author'],
      ['Maya Chen', '/author/maya-chen', null],
    ])
    expect([...byline.querySelectorAll('time')].map((t) => t.getAttribute('datetime'))).toEqual(['2026-11-20T10:00:00.000Z', '2026-11-24T08:30:00.000Z'])
  })

  it("without profiles (every post saved before them) shows the byline's text, unlinked, as before", () => {
    const byline = html(<ArticleView article={article} body={[]} />).querySelector('p.byline')!
    expect(text(byline)).toBe('By Daniel Okafor · Published 20 November 2026 · Updated 24 November 2026 · 6 min read · Reviewed by Elena Rossi, compliance editor')
    expect(byline.querySelectorAll('a')).toHaveLength(0)
  })

  it('says nothing of an update on the day it went live, and leaves out an author no one named', () => {
    const sameDay = { ...article, meta: { ...article.meta, author: '', reviewer: '' }, updatedAt: '2026-11-20T18:00:00.000Z' }
    expect(text(html(<ArticleView article={sameDay} body={[]} />).querySelector('p.byline'))).toBe('Published 20 November 2026 · 6 min read')
  })
})

describe('the author page (issue 22)', () => {
  const author: AuthorProfile = {
    slug: 'maya-chen',
    name: 'Maya Chen',
    bio: 'First <b>paragraph</b> & more.\n\nSecond paragraph.',
    expertise: ['Casino bonuses', 'Slot mathematics'],
    photo: '',
    links: [
      { label: 'Personal site', url: 'https://maya.example/' },
      { label: '', url: 'https://www.social.example/@maya' },
    ],
  }
  const page = (over: Partial<Parameters<typeof AuthorView>[0]> = {}) => html(<AuthorView author={author} articles={[card(), card()]} base="/author/maya-chen" page={1} pages={1} total={2} {...over} />)

  it('one h1 (the name), the topics, the bio as text in paragraphs (never HTML), and links with rel="me noopener"', () => {
    const root = page()
    expect([...root.querySelectorAll('h1')].map((h) => h.textContent)).toEqual(['Maya Chen'])
    expect([...root.querySelectorAll('[aria-label="Writes about"] li')].map((li) => li.textContent)).toEqual(['Casino bonuses', 'Slot mathematics'])
    const bio = [...root.querySelectorAll('.author-bio p')]
    expect(bio.map((p) => p.textContent)).toEqual(['First <b>paragraph</b> & more.', 'Second paragraph.'])
    expect(root.querySelector('.author-bio b')).toBeNull()
    const links = [...root.querySelectorAll('.author-links a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')])
    expect(links).toEqual([
      ['Personal site', 'https://maya.example/', 'me noopener'],
      ['social.example', 'https://www.social.example/@maya', 'me noopener'], // no label: the site it points to
    ])
  })

  it('initials stand in for a missing photo; a photo has the name as its alt text', () => {
    expect(text(page().querySelector('.author-initials'))).toBe('MC')
    expect(page({ author: { ...author, photo: '/media/' + 'ab'.repeat(16) + '-480x480.jpg' } }).querySelector('img.author-photo')?.getAttribute('alt')).toBe('Photo of Maya Chen')
  })

  it('their articles as cards under an h2, paged with real links; none yet says so', () => {
    const root = page({ page: 2, pages: 3, total: 40 })
    expect(text(root.querySelector('.author-articles h2'))).toBe('Articles by Maya Chen')
    expect(text(root.querySelector('.author-articles p.muted'))).toBe('40 articles · page 2 of 3')
    expect(root.querySelectorAll('[data-testid="article-card"] h3')).toHaveLength(2)
    expect([...root.querySelectorAll('nav.pagination a')].map((a) => a.getAttribute('href'))).toContain('/author/maya-chen/page/3')
    expect(text(page({ articles: [], total: 0 }).querySelector('.empty'))).toBe('No articles yet.')
  })
})
