import { afterEach, describe, expect, it, vi } from 'vitest'
import { rememberContent } from '../../../components/content-cache.ts'
import type { Post } from '../../../lib/schemas.ts'
import { post as makePost } from '../../../test/factories.ts'
import { data } from './+data.shared.ts'

const post = (id: string, type: Post['type'] = 'article') => makePost(id, `Title ${id}`, type)

// the browser side of the hook: no services in pageContext
const clientContext = (id: string, extra: Record<string, unknown> = {}) => ({ routeParams: { id }, ...extra }) as never

afterEach(() => rememberContent({ articles: [], bottoms: [], featured: null }))

describe('article data hook in the browser (spec §2 lookup order)', () => {
  it('uses the navigation state first, without fetching', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    expect((await data(clientContext('nav-1', { navigationArticle: post('nav-1') }))).article._id).toBe('nav-1')
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('ignores navigation state for another article', async () => {
    rememberContent({ articles: [post('loaded-2')] })
    expect((await data(clientContext('loaded-2', { navigationArticle: post('other') }))).article._id).toBe('loaded-2')
  })

  it('then looks in content already loaded (articles, bottom articles, featured)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    rememberContent({ articles: [post('a')], bottoms: [post('b', 'articleBottom')], featured: post('f', 'featured') })
    for (const id of ['a', 'b', 'f']) expect((await data(clientContext(id))).article._id).toBe(id)
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('otherwise fetches blog content and bottom articles, and remembers them', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input)
      if (url === '/api/posts/blog-content') return Response.json({ hero: null, featured: post('feat', 'featured'), articles: [post('x')] })
      if (url === '/api/posts/article-bottom') return Response.json([post('bottom-1', 'articleBottom')])
      return new Response(null, { status: 404 })
    })
    expect((await data(clientContext('bottom-1'))).article._id).toBe('bottom-1')
    expect(fetchSpy.mock.calls.map((c) => String(c[0])).sort()).toEqual(['/api/posts/article-bottom', '/api/posts/blog-content'])
    fetchSpy.mockClear()
    expect((await data(clientContext('x'))).article._id).toBe('x') // now from loaded content
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it("aborts with a 404 'Article not found.' when nothing matches", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).endsWith('blog-content') ? Response.json({ hero: null, featured: null, articles: [] }) : Response.json([]),
    )
    await expect(data(clientContext('nope'))).rejects.toMatchObject({ _pageContextAbort: { abortStatusCode: 404, abortReason: 'Article not found.' } })
  })
})
