import { beforeAll, describe, expect, it } from 'vitest'
import { hiddenNote } from '../../lib/compare-reach.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'

// issue 32: the section preview says which chosen brands are hidden where, previews another country,
// and names a link it will not link (the page still shows it as text only)

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 preview-text'
let t: Awaited<ReturnType<typeof makeTestApp>>
let token: string
beforeAll(async () => {
  t = await makeTestApp({ env: { GEO_HEADER: 'cf-ipcountry', GEO_DB: '0', TRUST_PROXY: '1' } })
  token = (await loginAs(t, 'editor')).accessToken
})

const preview = (body: Record<string, unknown>, from = 'US') =>
  t.app.request('/api/posts/preview-text', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'cf-ipcountry': from, 'user-agent': UA },
    body: JSON.stringify({ hyperlinks: [], ...body }),
  })

const TABLE = '{{compare brands="albion-casino, nova-spins, liberty-lines, no-such-brand" columns="bonus"}}'

describe('the comparison preview of chosen brands', () => {
  it('says, per chosen brand, where it is hidden: by country and by market', async () => {
    const body = await (await preview({ content: TABLE })).json()
    const notes = (body.reach[0] as Parameters<typeof hiddenNote>[0][]).map(hiddenNote)
    expect(notes[0]).toBe('Albion Casino is hidden for visitors outside GB and whose country is unknown, and on the Ontario (/ca-on) and Deutschland (/de) markets (not licensed there).')
    expect(notes[1]).toBeNull() // Nova Spins: every visitor of every demo market
    expect(notes[2]).toMatch(/^Liberty Lines is hidden for visitors outside US and whose country is unknown, and on the .* markets? \(not licensed there\)\.$/)
    expect(notes[3]).toBe('No brand has the id “no-such-brand”: the table leaves it out for every visitor.')
  })

  it('previews another country, or a visitor whose country is unknown, on request', async () => {
    const ids = (b: { comparisons: { rows: { _id: string }[] }[] }) => b.comparisons[0]!.rows.map((r) => r._id)
    const own = await (await preview({ content: TABLE })).json()
    expect([own.country, ids(own)]).toEqual(['US', ['nova-spins', 'liberty-lines']])
    const gb = await (await preview({ content: TABLE, country: 'gb' })).json()
    expect([gb.country, ids(gb)]).toEqual(['GB', ['albion-casino', 'nova-spins']])
    const unknown = await (await preview({ content: TABLE, country: null })).json()
    expect([unknown.country, ids(unknown)]).toEqual([null, ['nova-spins']])
  })

  it('refuses a country that is not one, naming the field', async () => {
    const res = await preview({ content: TABLE, country: 'UK' })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain('country')
  })
})

describe('a link the page will not link', () => {
  it('is named in the preview with why, and the page shows its text only, never a javascript: link', async () => {
    const body = await (await preview({ content: 'Fine [ok](https://example.com).\nThen [x](javascript:alert(1)) here.' })).json()
    expect(body.problems).toEqual(['Link “x” (javascript:alert(1)) on line 2 is not linked: javascript: links are refused: a link must be https://…, http://…, mailto:… or a path on this site (/…).'])
    expect(JSON.stringify(body.tree)).not.toContain('"href":"javascript')
    expect(JSON.stringify(body.tree)).toContain('"href":"https://example.com"')
  })
})
