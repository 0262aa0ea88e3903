import { beforeAll, describe, expect, it } from 'vitest'
import type { Market } from '../../lib/markets.ts'
import { DEFAULT_MARKET } from '../../lib/markets.ts'
import type { MdTree } from '../../lib/markdown-tree.ts'
import { makeTestApp } from '../../test/make-app.ts'
import { sitePath } from './market-links.ts'

/**
 * Links keep the market: on a market's page every same-site link is the market's page, a link to an
 * article the market does not list leads to its translation there or is dropped (its text kept), and
 * other sites' links stay as they are. The demo: /uk and /ca-on list every shared article; /de lists
 * only its own German articles, which translate English ones.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>
let market: (key: string) => Market
beforeAll(async () => {
  t = await makeTestApp()
  market = (key) => t.ctx.services.markets.byPrefix(`/${key}`)
})
const link = (href: string, ext = false): MdTree => [{ t: 'p', c: ['see ', { t: 'a', href, ...(ext ? { ext: true as const } : {}), c: ['the guide'] }] }]
const linked = async (tree: MdTree, m: Market) => (await t.ctx.services.marketLinks.trees([tree], m))[0]!

describe('links that keep the market', () => {
  it('in a market that lists shared articles, a site link gains the prefix', async () => {
    expect(await linked(link('/article/rtp-explained'), market('ca-on'))).toEqual(link('/ca-on/article/rtp-explained'))
    expect(await linked(link('/brands/nova-spins'), market('uk'))).toEqual(link('/uk/brands/nova-spins'))
    expect(await linked(link('http://localhost:3000/info/about'), market('uk'))).toEqual(link('/uk/info/about'))
  })

  it('in the German edition, an English article leads to its German translation, or the link is dropped and its text kept', async () => {
    expect(await linked(link('/article/rtp-explained'), market('de'))).toEqual(link('/de/article/rtp-erklaert'))
    expect(await linked(link('/article/poker-position-guide'), market('de'))).toEqual([{ t: 'p', c: ['see ', 'the guide'] }])
    // a German article linked by its bare path is the German market's page
    expect(await linked(link('/article/umsatzbedingungen-erklaert'), market('de'))).toEqual(link('/de/article/umsatzbedingungen-erklaert'))
  })

  it('a tag archive the market has none of is not linked', async () => {
    expect(await linked(link('/tag/guides'), market('de'))).toEqual([{ t: 'p', c: ['see ', 'the guide'] }])
    expect(await linked(link('/tag/guides'), market('uk'))).toEqual(link('/uk/tag/guides'))
  })

  it('the default market and other sites are left as they are', async () => {
    expect(await linked(link('/article/rtp-explained'), DEFAULT_MARKET)).toEqual(link('/article/rtp-explained'))
    expect(await linked(link('https://www.begambleaware.org/', true), market('de'))).toEqual(link('https://www.begambleaware.org/', true))
  })

  it('sitePath: same-site paths and the site’s own absolute URLs, nothing else', () => {
    expect(sitePath('/article/x', 'http://localhost:3000')).toBe('/article/x')
    expect(sitePath('http://localhost:3000/article/x', 'http://localhost:3000/')).toBe('/article/x')
    expect(sitePath('//evil.example/x', 'http://localhost:3000')).toBeNull()
    expect(sitePath('https://other.example/article/x', 'http://localhost:3000')).toBeNull()
  })
})

describe('single links and Ontario (issue 34)', () => {
  it('a deal box’s link: the market’s version of the article, or none; another site’s as it is', async () => {
    const hrefs = (list: string[], key: string) => t.ctx.services.marketLinks.hrefs(list, market(key))
    // the German edition lists no English guide: its translation, or nothing where it has none
    expect(await hrefs(['/article/how-to-read-a-casino-bonus', '/article/poker-position-edge', 'https://nova.example/promo'], 'de')).toEqual(['/de/article/casino-bonus-richtig-lesen', null, 'https://nova.example/promo'])
    expect(await hrefs(['/article/how-to-read-a-casino-bonus'], 'uk')).toEqual(['/uk/article/how-to-read-a-casino-bonus'])
  })

  it('Ontario has no guide that states offer figures: links to one are dropped, their text kept', async () => {
    expect(await linked(link('/article/wagering-requirements-decoded'), market('ca-on'))).toEqual([{ t: 'p', c: ['see ', 'the guide'] }])
    expect(await linked(link('/article/rtp-explained'), market('ca-on'))).toEqual(link('/ca-on/article/rtp-explained'))
  })
})
