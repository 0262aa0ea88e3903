import { beforeAll, describe, expect, it } from 'vitest'
import type { SearchAnswer } from '../../lib/search.ts'
import { makeTestApp } from '../../test/make-app.ts'

/**
 * Issue 34: search holds the text readers see. "Fastest Casino Payment Methods Compared" carries a
 * `{{compare brands="albion-casino, …" columns="bonus, code, …"}}` directive, rendered as a table:
 * its source was indexed (a search for a brand id or "columns" found the article) and shown raw as the
 * result's snippet.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>
beforeAll(async () => {
  t = await makeTestApp()
})
const search = async (q: string) => (await (await t.app.request(`/api/search?${new URLSearchParams({ q })}`)).json()) as SearchAnswer
const ARTICLE = 'fastest-casino-payment-methods'

describe('the search index holds rendered text, never directive source', () => {
  it.each(['columns', 'minDeposit', 'albion-casino'])('"%s" (only in the directive) does not find the article', async (q) => {
    expect((await search(q)).results.map((r) => r._id)).not.toContain(ARTICLE)
  })

  it('the article is still found by its words, and its snippet shows them, not the directive', async () => {
    const a = await search('payouts listed')
    const hit = a.results.find((r) => r._id === ARTICLE)
    expect(hit, a.results.map((r) => r._id).join()).toBeTruthy()
    const snippet = hit!.snippet.map((s) => s.text).join('')
    expect(snippet).toMatch(/payouts/i)
    expect(snippet).not.toMatch(/\{\{|compare brands|columns=/)
  })
})
