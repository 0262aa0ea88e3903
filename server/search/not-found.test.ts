import { beforeAll, describe, expect, it } from 'vitest'
import type { Increment } from '../../db/repositories/counters.ts'
import type { PostBody } from '../../lib/schemas.ts'
import { makeTestApp } from '../../test/make-app.ts'
import { NOT_FOUND_ARTICLES, NOT_FOUND_OFFERS } from './not-found.ts'

/**
 * Issue 26, a 404 that helps: the address's words, what they name, popular articles and the top offers
 * for the visitor's country, without a store read per unknown address.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>
let now = new Date('2026-11-20T12:00:00Z')
beforeAll(async () => {
  t = await makeTestApp({ now: () => now })
  // Nova Spins only where it is licensed: GB
  const nova = (await t.ctx.repos.brands.findById('nova-spins'))!
  await t.ctx.repos.brands.replace('nova-spins', { ...nova, geo: { allow: ['GB'] } } as never)
  t.ctx.renderCache.clear()
})

const views = (id: string, n: number, day = '2026-11-19'): Increment => ({ dim: 'page', key: `article:${id}`, day, inc: { views: n } })

describe('the 404 page\'s help', () => {
  it('fills the search field with the address\'s words and suggests what they name, forgiving a typo', async () => {
    const help = await t.ctx.services.notFound.help('/article/nova-spins-reveiw', 'GB')
    expect(help.q).toBe('nova spins reveiw')
    expect(help.suggestions[0]).toEqual({ kind: 'brand', label: 'Nova Spins', href: '/brands/nova-spins' })
    const typo = await t.ctx.services.notFound.help('/article/rtp-explaned', 'GB')
    expect(typo.suggestions).toContainEqual({ kind: 'article', label: expect.stringMatching(/RTP Explained/), href: '/article/rtp-explained' })
    expect((await t.ctx.services.notFound.help('/zzqx-qqqq', 'GB')).suggestions).toEqual([])
    expect((await t.ctx.services.notFound.help('/', 'GB')).q).toBe('')
  })

  it('shows the top offers the visitor\'s country may see, in the offers list\'s order', async () => {
    const listed = async (country: string | null) => (await t.ctx.services.brands.listOffers(country)).slice(0, NOT_FOUND_OFFERS).map((o) => o._id)
    const gb = (await t.ctx.services.notFound.help('/x', 'GB')).offers.map((o) => o._id)
    const us = (await t.ctx.services.notFound.help('/x', 'US')).offers.map((o) => o._id)
    expect(gb).toHaveLength(NOT_FOUND_OFFERS)
    expect(gb[0]).toBe('nova-spins')
    expect(us).not.toContain('nova-spins')
    expect(gb).toEqual(await listed('GB'))
    expect(us).toEqual(await listed('US'))
    expect((await t.ctx.services.notFound.help('/x', null)).offers.map((o) => o._id)).toEqual(await listed(null))
    const nova = (await t.ctx.services.notFound.help('/x', 'GB')).offers[0]!
    expect(nova.termsSummary).toMatch(/New customers only/) // offers carry their significant terms
  })

  it('lists the most read articles of the last 30 days, topped up with the newest, worked out once per content write or ten minutes', async () => {
    const newest = (await t.ctx.repos.posts.page({ listed: true }, { limit: NOT_FOUND_ARTICLES })).map((p) => p._id)
    const first = (await t.ctx.services.notFound.help('/x', 'GB')).articles.map((p) => p._id)
    expect(first).toEqual(newest) // no views counted yet

    await t.ctx.repos.counters.add([views('rtp-explained', 9), views('wagering-requirements-decoded', 30), views('gone-article', 99), views('rtp-explained', 50, '2026-09-01')])
    expect((await t.ctx.services.notFound.help('/x', 'GB')).articles.map((p) => p._id)).toEqual(first) // kept a while

    now = new Date(now.getTime() + 11 * 60_000)
    const popular = (await t.ctx.services.notFound.help('/x', 'GB')).articles.map((p) => p._id)
    expect(popular.slice(0, 2)).toEqual(['wagering-requirements-decoded', 'rtp-explained']) // older views and unknown posts do not count
    expect(popular).toHaveLength(NOT_FOUND_ARTICLES)
    expect(new Set(popular).size).toBe(NOT_FOUND_ARTICLES)

    await t.ctx.repos.counters.add([views('rtp-explained', 100)])
    const article = { title: 'A new article', description: '', tag: 'Guides', image: '', content: { summary: [], body: [] }, meta: { author: '', date: '', reviewer: '', readTime: '' }, related_studies: [] } as unknown as PostBody
    await t.ctx.services.posts.create('article', article) // a content write
    expect((await t.ctx.services.notFound.help('/x', 'GB')).articles[0]!._id).toBe('rtp-explained')
  })
})
