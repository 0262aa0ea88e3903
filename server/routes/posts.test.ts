import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeOpenAi } from '../../test/fake-openai.ts'
import { startFakeUnsplash } from '../../test/fake-unsplash.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

let t: Awaited<ReturnType<typeof makeTestApp>>
let token: string
beforeAll(async () => {
  t = await makeTestApp()
  token = (await loginAs(t, 'editor')).accessToken
})

const send = (method: string, path: string, body?: unknown, auth = token) =>
  t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}` },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
const postCount = async () => {
  const c = await t.ctx.services.content.getBlogContent({ admin: true })
  return c.articles.length + c.articleBottoms!.length
}

describe('post create/update/delete', () => {
  it.each([
    ['/api/posts/article', 'article'],
    ['/api/posts/article-bottom', 'articleBottom'],
    ['/api/posts/featured', 'featured'],
    ['/api/posts/hero', 'hero'],
  ])('POST %s creates a %s with a slug id, visible on the public API at once', async (path, type) => {
    const before = await (await t.app.request('/api/posts/blog-content')).json() // fills the render cache
    const res = await send('POST', path, { title: `Fresh ${type} Story!`, description: 'd', content: { summary: [{ title: 's', text: 't' }] } })
    expect(res.status).toBe(201)
    const post = await res.json()
    expect(post).toMatchObject({ type, title: `Fresh ${type} Story!`, _id: expect.stringMatching(/^fresh-[a-z]+-story/) })
    expect(post.meta).toEqual({ author: '', date: '', reviewer: '', readTime: '' }) // empty defaults
    const after = await (await t.app.request(type === 'articleBottom' ? '/api/posts/article-bottom' : '/api/posts/blog-content')).json()
    expect(JSON.stringify(after)).toContain(post._id)
    expect(JSON.stringify(before)).not.toContain(post._id)
  })

  it('gives a second post with the same title its own id', async () => {
    const a = await (await send('POST', '/api/posts/article', { title: 'Same Title' })).json()
    const b = await (await send('POST', '/api/posts/article', { title: 'Same Title' })).json()
    expect(a._id).toBe('same-title')
    expect(b._id).toMatch(/^same-title-[0-9a-f]{6}$/)
  })

  it('stores an uploaded image (data URL or raw base64) in the media library and keeps only its URL', async () => {
    for (const image of [`data:image/png;base64,${PNG_BASE64}`, PNG_BASE64]) {
      const post = await (await send('POST', '/api/posts/article', { title: 'With image', image })).json()
      expect(post.image).toMatch(/^\/media\/[0-9a-f]{32}-1x1\.png$/)
      const media = await t.app.request(post.image)
      expect(media.headers.get('content-type')).toBe('image/png')
    }
  })

  it('PUT replaces fields, keeps id, type and creation time, and clears a removed position', async () => {
    const created = await (await send('POST', '/api/posts/article', { title: 'Editable', position: 3 })).json()
    const res = await send('PUT', `/api/posts/${created._id}`, { title: 'Edited title', tag: 'News', type: 'hero' })
    expect(res.status).toBe(200)
    const stored = await t.ctx.repos.posts.findById(created._id)
    expect(stored).toMatchObject({ _id: created._id, title: 'Edited title', tag: 'News', type: 'article', createdAt: created.createdAt })
    expect(stored).not.toHaveProperty('position')
  })

  it('DELETE removes a post; unknown ids are 404 for PUT and DELETE', async () => {
    const created = await (await send('POST', '/api/posts/article-bottom', { title: 'Doomed' })).json()
    expect((await send('DELETE', `/api/posts/${created._id}`)).status).toBe(200)
    expect(await t.ctx.repos.posts.findById(created._id)).toBeNull()
    expect((await send('DELETE', `/api/posts/${created._id}`)).status).toBe(404)
    const put = await send('PUT', '/api/posts/no-such-post', { title: 'x' })
    expect(put.status).toBe(404)
    expect(await put.json()).toEqual({ message: 'Post not found', code: 'not_found' })
  })

  const bad: [string, unknown, number][] = [
    ['a missing title', { description: 'no title' }, 400],
    ['a blank title', { title: '   ' }, 400],
    ['a wrong type', { title: 'x', content: { summary: 'nope' } }, 400],
    ['a javascript: image', { title: 'x', image: 'javascript:alert(1)' }, 400],
    ['a javascript: hyperlink', { title: 'x', content: { body: [{ headline: 'h', content: 'c', hyperlinks: [{ text: 'a', url: 'javascript:alert(1)' }] }] } }, 400],
    ['a data: hyperlink', { title: 'x', content: { body: [{ headline: 'h', content: 'c', hyperlinks: [{ text: 'a', url: 'data:text/html,hi' }] }] } }, 400],
    ['an over-long title', { title: 't'.repeat(301) }, 400],
    ['too many sections', { title: 'x', content: { body: Array.from({ length: 51 }, () => ({ headline: 'h', content: 'c' })) } }, 400],
    ['an image that is not an image', { title: 'x', image: Buffer.from('<svg onload=alert(1)></svg>'.repeat(3)).toString('base64') }, 415],
    ['an image that lies about its type', { title: 'x', image: `data:image/png;base64,${Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary').toString('base64')}` }, 415],
    ['a data URL that is not base64 image data', { title: 'x', image: 'data:text/html,<script>alert(1)</script>' }, 400],
    ['malformed JSON', '{"title": ', 400],
  ]
  it.each(bad)('rejects %s with a 4xx { message } and writes nothing', async (_n, body, status) => {
    const before = await postCount()
    const res = await send('POST', '/api/posts/article', body)
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    if (status !== 400) expect(res.status).toBe(status)
    expect(typeof (await res.json()).message).toBe('string')
    expect(await postCount()).toBe(before)
  })

  it('stores a data URL whose declared type matches its bytes by that type', async () => {
    const gif = 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==' // a real 1×1 GIF
    const post = await (await send('POST', '/api/posts/article', { title: 'Gif really', image: `data:image/gif;base64,${gif}` })).json()
    expect(post.image).toMatch(/\.gif$/)
  })
})

describe('GET /api/posts/blog-content for the admin', () => {
  it('adds articleBottoms for an editor and is never cached', async () => {
    const res = await t.app.request('/api/posts/blog-content', { headers: { authorization: `Bearer ${token}` } })
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect((await res.json()).articleBottoms.length).toBeGreaterThan(0)
    const anon = await (await t.app.request('/api/posts/blog-content')).json()
    expect(anon).not.toHaveProperty('articleBottoms')
  })
  it("answers a user's token as it answers anyone (issue 24: a token that adds no rights is ignored)", async () => {
    const user = (await loginAs(t, 'user')).accessToken
    const res = await t.app.request('/api/posts/blog-content', { headers: { authorization: `Bearer ${user}` } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(await (await t.app.request('/api/posts/blog-content')).json())
  })
})

describe('GET /api/posts/fluximg', () => {
  it('searches the media library (uploads and demo images) without an Unsplash key', async () => {
    const res = await send('GET', '/api/posts/fluximg?query=poker&per_page=6&page=1')
    const body = await res.json()
    expect(body.results[0]).toEqual({ id: 'demo-poker', urls: { small: '/demo/poker.svg', regular: '/demo/poker.svg' }, alt_description: 'Poker position (gaming cover)' })
    const uploaded = await send('GET', '/api/posts/fluximg?query=With%20image&per_page=6&page=1')
    expect((await uploaded.json()).results.some((r: { urls: { small: string } }) => r.urls.small.startsWith('/media/'))).toBe(true)
  })
  it('pages through the library, 6 then 12 per page', async () => {
    const p1 = await (await send('GET', '/api/posts/fluximg?query=game&per_page=6&page=1')).json()
    const p2 = await (await send('GET', '/api/posts/fluximg?query=game&per_page=6&page=2')).json()
    expect(p1.results).toHaveLength(6)
    expect(p1.total_pages).toBeGreaterThanOrEqual(3)
    expect(p2.results[0].id).not.toBe(p1.results[0].id)
    const modal = await (await send('GET', '/api/posts/fluximg?query=game&per_page=12&page=1')).json()
    expect(modal.results).toHaveLength(12)
    const past = await (await send('GET', `/api/posts/fluximg?query=game&per_page=12&page=${modal.total_pages + 1}`)).json()
    expect(past.results).toEqual([])
  })
  it('answers 400 for a bad per_page', async () => {
    expect((await send('GET', '/api/posts/fluximg?query=x&per_page=500')).status).toBe(400)
  })

  describe('with an Unsplash key (local fake speaking the real API)', () => {
    const fake = startFakeUnsplash()
    afterAll(() => fake.stop())
    it('maps Unsplash results to { id, urls: { small, regular }, alt_description } and total_pages', async () => {
      const u = await makeTestApp({ seed: false, env: { UNSPLASH_ACCESS_KEY: fake.accessKey, UNSPLASH_API_URL: fake.url } })
      const editor = (await loginAs(u, 'editor')).accessToken
      const res = await u.app.request('/api/posts/fluximg?query=casino&per_page=12&page=2', { headers: { authorization: `Bearer ${editor}` } })
      expect(res.status).toBe(200)
      const body = await res.json()
      expect(body.total_pages).toBe(3)
      expect(body.results[0]).toEqual({ id: 'photo-12', urls: { small: 'https://images.example/12?w=400', regular: 'https://images.example/12?w=1080' }, alt_description: 'casino photo 12' })
      expect(fake.requests.at(-1)?.searchParams.get('per_page')).toBe('12')
    })
    it('answers 503 { message } when Unsplash refuses the key', async () => {
      const u = await makeTestApp({ seed: false, env: { UNSPLASH_ACCESS_KEY: 'wrong', UNSPLASH_API_URL: fake.url } })
      const editor = (await loginAs(u, 'editor')).accessToken
      const res = await u.app.request('/api/posts/fluximg?query=casino', { headers: { authorization: `Bearer ${editor}` } })
      expect(res.status).toBe(503)
      expect((await res.json()).message).toMatch(/Unsplash answered 401/)
    })
  })
})

describe('POST /api/posts/generate-* (local fake OpenAI-compatible server)', () => {
  const ai = startFakeOpenAi()
  afterAll(() => ai.stop())
  let g: Awaited<ReturnType<typeof makeTestApp>>
  let editor: string
  beforeAll(async () => {
    g = await makeTestApp({ seed: false, env: { AI_BASE_URL: ai.url, AI_API_KEY: 'sk-test', AI_MODEL: 'fake-model', AI_TIMEOUT_MS: '1500' } })
    editor = (await loginAs(g, 'editor')).accessToken
  })
  const generate = (path: string, body: unknown) =>
    g.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${editor}` }, body: JSON.stringify(body) })

  it.each([
    ['/api/posts/generate-article', 3],
    ['/api/posts/generate-featured', 5],
    ['/api/posts/generate-article-bottom', 7],
  ])('%s answers success with exactly %i body sections, asking for a JSON schema', async (path, sections) => {
    const res = await generate(path, { title: 'Bankroll tips', imageUrl: '', position: 1, sections })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.success).toBe(true)
    expect(body.content.body).toHaveLength(sections)
    expect(body.content.summary.length).toBeGreaterThan(0)
    const sent = ai.requests.at(-1)!
    expect(sent.authorization).toBe('Bearer sk-test')
    expect(sent.body.model).toBe('fake-model')
    expect(sent.body.response_format.type).toBe('json_schema')
  })

  it('proposes alt text for the lead image (issue 12), naming the chosen image to the model; a proposal breaking the alt text rules is dropped, not the answer', async () => {
    const res = await generate('/api/posts/generate-article', { title: 'Table etiquette', imageUrl: 'https://images.example/felt.jpg', sections: 3 })
    expect((await res.json()).content.imageAlt).toBe('Chips and cards on a green felt table')
    const sent = ai.requests.at(-1)!
    expect(sent.body.response_format.json_schema.schema.required).toContain('imageAlt')
    expect(String(sent.body.messages.at(-1).content)).toContain('the chosen image: https://images.example/felt.jpg')
    const { generatedContentSchema } = await import('../content/ai-writer.ts')
    const valid = { summary: [{ title: 'a', text: 'b' }], body: [{ headline: 'h', content: 'c', keywords: [], hyperlinks: [], subsections: [] }] }
    expect(generatedContentSchema(1).parse({ ...valid, imageAlt: 'x'.repeat(300) }).imageAlt).toBeUndefined()
    expect(generatedContentSchema(1).parse({ ...valid, imageAlt: 'line one\nline two' }).imageAlt).toBeUndefined()
    expect(generatedContentSchema(1).parse(valid).imageAlt).toBeUndefined()
  })

  it('saves nothing', async () => {
    expect(await g.ctx.repos.posts.count()).toBe(0)
  })

  it('retries after invalid output and succeeds', async () => {
    ai.queue.push('not-json', 'wrong-sections')
    const before = ai.requests.length
    const res = await generate('/api/posts/generate-article', { title: 'Retry me', sections: 5 })
    expect(res.status).toBe(200)
    expect((await res.json()).content.body).toHaveLength(5)
    expect(ai.requests.length - before).toBe(3)
  })

  it("answers 502 'AI did not return valid content' when every attempt is invalid", async () => {
    ai.queue.push('not-json', 'wrong-sections', 'not-json')
    const res = await generate('/api/posts/generate-article', { title: 'Never valid', sections: 5 })
    expect(res.status).toBe(502)
    expect(await res.json()).toEqual({ message: 'AI did not return valid content', code: 'ai_invalid_content' })
  })

  it('falls back to plain JSON mode for an endpoint without JSON-schema support', async () => {
    ai.queue.push('no-json-schema', 'no-json-schema')
    const res = await generate('/api/posts/generate-article', { title: 'Old endpoint', sections: 3 })
    expect(res.status).toBe(200)
    expect(ai.requests.at(-1)!.body.response_format).toEqual({ type: 'json_object' })
  })

  it('answers 502 AI error when the provider fails, and 504 when it does not answer in time', async () => {
    ai.queue.push('error')
    const failed = await generate('/api/posts/generate-article', { title: 'Provider down', sections: 5 })
    expect(failed.status).toBe(502)
    expect(await failed.json()).toMatchObject({ message: expect.stringMatching(/^AI error/), code: 'ai_unreachable' })
    ai.queue.push('hang')
    const started = Date.now()
    const slow = await generate('/api/posts/generate-article', { title: 'Too slow', sections: 5 })
    expect(slow.status).toBe(504)
    expect(await slow.json()).toMatchObject({ message: expect.stringMatching(/^AI error: no answer within/), code: 'ai_timeout' })
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('answers 400 for a bad section count or a missing title', async () => {
    expect((await generate('/api/posts/generate-article', { title: 'x', sections: 4 })).status).toBe(400)
    expect((await generate('/api/posts/generate-article', { sections: 3 })).status).toBe(400)
  })

  it('answers 503 naming the variables to set when AI is not configured', async () => {
    const res = await send('POST', '/api/posts/generate-article', { title: 'x', sections: 5 })
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ message: expect.stringMatching(/AI_BASE_URL.*AI_MODEL/), code: 'ai_not_configured' })
  })
})
