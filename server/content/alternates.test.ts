import { beforeAll, describe, expect, it } from 'vitest'
import { makeTestApp } from '../../test/make-app.ts'

/**
 * hreflang: every version of a page across the demo's markets (/uk en-GB, /ca-on en-CA, /de de-DE, and the
 * default market's `en`), the same list from each version, with x-default; none for a page in one market.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>
beforeAll(async () => {
  t = await makeTestApp()
})
const of = async (path: string) => Object.fromEntries((await t.ctx.services.alternates.forPage(path)).map((a) => [a.hreflang, a.href.replace('http://localhost:3000', '')]))

describe('alternates', () => {
  it('an English guide with a German translation: its market copies and the translation, x-default the default market’s', async () => {
    expect(await of('/article/rtp-explained')).toEqual({ en: '/article/rtp-explained', 'en-GB': '/uk/article/rtp-explained', 'en-CA': '/ca-on/article/rtp-explained', 'de-DE': '/de/article/rtp-erklaert', 'x-default': '/article/rtp-explained' })
    // the same set from the translation's side: reciprocal
    expect(await of('/article/rtp-erklaert')).toEqual(await of('/article/rtp-explained'))
  })

  it('pages every market has: home, brand pages, the directory, archives, info and author pages', async () => {
    for (const path of ['/', '/brands/nova-spins', '/brands', '/articles', '/info/about']) {
      expect(await of(path), path).toEqual({ en: path, 'en-GB': `/uk${path === '/' ? '' : path}`, 'en-CA': `/ca-on${path === '/' ? '' : path}`, 'de-DE': `/de${path === '/' ? '' : path}`, 'x-default': path })
    }
  })

  it('a tag archive only where the market lists a post holding it; an unknown page has none', async () => {
    const guides = await of('/tag/guides')
    expect(Object.keys(guides).sort()).toEqual(['en', 'en-CA', 'en-GB', 'x-default'])
    expect(await of('/no/such/page')).toEqual({})
    expect(await of('/article/no-such-article')).toEqual({})
  })
})

describe('alternates of pages a market has only in part (issue 34)', () => {
  it('page 2 of the archive: every market whose archive fills two pages, itself included, with x-default', async () => {
    const two = await of('/articles/page/2')
    // the German edition lists only its own four guides: one page
    expect(two).toEqual({ en: '/articles/page/2', 'en-GB': '/uk/articles/page/2', 'en-CA': '/ca-on/articles/page/2', 'x-default': '/articles/page/2' })
    expect(await of('/articles/page/9')).toEqual({})
  })

  it('a guide stating offer figures is not in Ontario, so names no Ontario copy', async () => {
    const alts = await of('/article/wagering-requirements-decoded')
    expect(alts['en-CA']).toBeUndefined()
    expect(alts).toMatchObject({ en: '/article/wagering-requirements-decoded', 'en-GB': '/uk/article/wagering-requirements-decoded', 'x-default': '/article/wagering-requirements-decoded' })
  })
})
