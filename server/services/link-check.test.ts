import { afterAll, describe, expect, it } from 'vitest'
import { loginAs, makeTestApp } from '../../test/make-app.ts'

// two local "partner" servers: a second port is a second host
const other = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('landing') })
const partner = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(req) {
    const path = new URL(req.url).pathname
    if (path === '/ok') return new Response('fine')
    if (path === '/gone') return new Response('gone', { status: 404 })
    if (path === '/hop') return Response.redirect(`${new URL(req.url).origin}/ok`, 302)
    if (path === '/moved') return Response.redirect(`http://127.0.0.1:${other.port}/elsewhere`, 301)
    if (path === '/nohead') return req.method === 'HEAD' ? new Response(null, { status: 405 }) : new Response('got it')
    if (path === '/slow') {
      await Bun.sleep(3_000)
      return new Response('late')
    }
    return new Response('?', { status: 500 })
  },
})
afterAll(() => {
  partner.stop(true)
  other.stop(true)
})

describe('links check (issue 7, local servers only)', () => {
  it('reports dead links, timeouts, refused HEADs and changed hosts, and the admin list shows the outcome', async () => {
    const t = await makeTestApp()
    const base = `http://127.0.0.1:${partner.port}`
    const set = async (id: string, ctaUrl: string) => {
      const { _id, createdAt, ...b } = (await t.ctx.repos.brands.findById(id))!
      await t.ctx.repos.brands.replace(_id, { ...b, dealBox: { ...b.dealBox, ctaUrl } })
    }
    const plan: Record<string, string> = {
      'nova-spins': `${base}/ok`,
      luckyforge: `${base}/gone`,
      'arcadia-bet': `${base}/hop`,
      'satoshi-slots': `${base}/moved`,
      'royal-reel': `${base}/nohead`,
      'pixel-poker': `${base}/slow`,
      'velocity-bet': 'http://127.0.0.1:1/refused',
      moonjackpot: `${base}/ok`,
    }
    for (const [id, url] of Object.entries(plan)) await set(id, url)
    const started = Date.now()
    const results = await t.ctx.services.links.checkAll({ concurrency: 3, timeoutMs: 500 })
    expect(Date.now() - started).toBeLessThan(2_500)
    const by = Object.fromEntries(results.map((r) => [r._id, r]))
    expect(by['nova-spins']).toMatchObject({ ok: true, status: 200, hostChanged: false })
    expect(by.luckyforge).toMatchObject({ ok: false, status: 404, error: 'HTTP 404' })
    expect(by['arcadia-bet']).toMatchObject({ ok: true, finalUrl: `${base}/ok`, hostChanged: false })
    expect(by['satoshi-slots']).toMatchObject({ ok: true, hostChanged: true, finalUrl: `http://127.0.0.1:${other.port}/elsewhere` })
    expect(by['royal-reel']).toMatchObject({ ok: true, status: 200 })
    expect(by['pixel-poker']).toMatchObject({ ok: false, error: 'timeout after 500 ms' })
    expect(by['velocity-bet'].ok).toBe(false)
    expect(by['velocity-bet'].error).toMatch(/^unreachable/)

    const editor = (await loginAs(t, 'editor')).accessToken
    const { pages } = await (await t.app.request('/api/brands/static-offers-admin', { headers: { authorization: `Bearer ${editor}` } })).json()
    expect(pages.find((p: { _id: string }) => p._id === 'luckyforge').linkCheck).toMatchObject({ ok: false, error: 'HTTP 404' })
  })
})
