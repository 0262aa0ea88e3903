// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, expect, vi } from 'vitest'
import type { Post } from '../../lib/schemas.ts'
import { post } from '../../test/factories.ts'
import { resetSessionForTests } from '../account/session.ts'
import { AdminPanel } from './AdminPanel.tsx'

/**
 * The content admin against a fake API in the page's fetch (component tests): hero, featured, three
 * articles and one bottom article; every call is recorded in `admin.calls`, and `admin.overrides` answers
 * a call ("PUT /api/posts/a1") differently. `useAdminHarness()` installs it before each test.
 */
export type Call = { url: string; method: string; body: any; headers: Headers }
export const admin = {
  calls: [] as Call[],
  content: null as unknown as { hero: Post | null; featured: Post | null; articles: Post[]; articleBottoms: Post[] },
  overrides: {} as Record<string, (c: Call) => Response>,
  ai: true,
  tags: ['Guides', 'Esports', 'News'],
}

export function useAdminHarness() {
  beforeEach(() => {
    resetSessionForTests()
    window.history.replaceState(null, '', '/admin') // the panel's address: each test starts on the Hero tab
    localStorage.clear()
    admin.ai = true
    admin.tags = ['Guides', 'Esports', 'News']
    admin.calls = []
    admin.overrides = {}
    admin.content = {
      hero: post('hero-1', 'The Smarter Way to Win in iGaming', 'hero'),
      featured: post('feat-1', 'Featured guide', 'featured'),
      articles: [post('a1', 'RTP Explained'), post('a2', 'Wagering Requirements'), post('a3', 'Poker position')],
      articleBottoms: [post('b1', 'Bottom one', 'articleBottom')],
    }
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input)
      const call: Call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: new Headers(init?.headers) }
      admin.calls.push(call)
      const { content } = admin
      const key = `${call.method} ${url.split('?')[0]}`
      if (admin.overrides[key]) return admin.overrides[key](call)
      if (key === 'GET /api/posts/blog-content') return Response.json(content)
      if (key === 'GET /api/posts/writing-tools') return Response.json({ ai: admin.ai })
      if (key === 'GET /api/posts/tags') return Response.json({ tags: admin.tags })
      if (call.method === 'POST' && /^\/api\/posts\/(article|article-bottom|featured|hero)$/.test(url)) {
        const type = { article: 'article', 'article-bottom': 'articleBottom', featured: 'featured', hero: 'hero' }[url.split('/').pop()!] as Post['type']
        return Response.json({ ...post(call.body.slug || 'new-post', call.body.title, type), ...call.body, _id: call.body.slug || 'new-post', type }, { status: 201 })
      }
      // the form saving itself: a draft takes the fields (a new version); a live post is left as it is
      if (call.method === 'PUT' && /^\/api\/posts\/[\w-]+\/autosave$/.test(url)) {
        const id = decodeURIComponent(url.split('/')[3]!)
        const found = [content.hero, content.featured, ...content.articles, ...content.articleBottoms].find((p) => p?._id === id)!
        const at = new Date().toISOString()
        const applied = found.status === 'draft'
        const image = String(call.body.image ?? '').startsWith('data:') ? `/media/${String(call.body.image).length}` : call.body.image
        return Response.json({ post: applied ? { ...found, ...call.body, image, status: found.status, _id: id, updatedAt: at } : found, applied, at, image })
      }
      if (call.method === 'GET' && /^\/api\/posts\/[\w-]+\/autosave$/.test(url)) return Response.json({ autosave: null })
      if (call.method === 'PUT' && url.startsWith('/api/posts/')) {
        const id = decodeURIComponent(url.split('/').pop()!)
        const all = [content.hero, content.featured, ...content.articles, ...content.articleBottoms].filter(Boolean) as Post[]
        const found = all.find((p) => p._id === id)!
        return Response.json({ ...found, ...call.body, _id: call.body.slug || id, updatedAt: new Date().toISOString() })
      }
      if (call.method === 'GET' && /^\/api\/posts\/[\w-]+$/.test(url)) {
        const id = url.split('/').pop()!
        const found = [content.hero, content.featured, ...content.articles, ...content.articleBottoms].find((p) => p?._id === id)
        return found ? Response.json(found) : Response.json({ message: 'Post not found', code: 'not_found' }, { status: 404 })
      }
      if (key === 'GET /api/posts/list') {
        // the server's list: one type, titles filtered case-insensitively by contains
        const q = new URL(url, 'http://x').searchParams
        const all = q.get('type') === 'article' ? content.articles : content.articleBottoms
        const posts = all.filter((p) => p.title.toLowerCase().includes((q.get('title') ?? '').toLowerCase()))
        return Response.json({ posts, nextCursor: null, total: posts.length })
      }
      if (key === 'GET /api/posts/fluximg') {
        const q = new URL(url, 'http://x').searchParams
        const page = Number(q.get('page'))
        const per = Number(q.get('per_page'))
        const results = page > 2 ? [] : Array.from({ length: per }, (_, i) => ({ id: `img-${page}-${i}`, urls: { small: `/s/${page}-${i}.png`, regular: `/r/${page}-${i}.png` }, alt_description: `image ${page}-${i}` }))
        return Response.json({ results, total_pages: 2 })
      }
      return Response.json({ ok: true })
    })
  })
}

export async function openTab(name: string) {
  render(<AdminPanel />)
  await screen.findByRole('tab', { name })
  fireEvent.click(screen.getByRole('tab', { name }))
  await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull())
}

/**
 * Add publishes (spec §7); a post without body text, description or image asks first, naming what is
 * missing. These tests' posts are bare: click Add, then say yes.
 */
export function addAnyway(scope: HTMLElement = document.body) {
  fireEvent.click(within(scope).getByRole('button', { name: 'Add' }))
  const yes = within(scope).queryByRole('button', { name: 'Publish anyway' })
  if (yes) fireEvent.click(yes)
}
