import { beforeAll, describe, expect, it } from 'vitest'
import { json, makeTestApp } from '../../test/make-app.ts'

/**
 * Issue 35, "Who may touch revenue": a click id that is blank, only whitespace, or holds a control
 * character (a NUL, a tab, a line break, DEL, a C1 control) is no click id. POST /api/clicks and the
 * postback refuse it with 400 naming the field, and store nothing (a postback is still logged).
 */
const SECRET = 'postback-secret-0123456789'
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'
let t: Awaited<ReturnType<typeof makeTestApp>>
beforeAll(async () => {
  t = await makeTestApp({ env: { POSTBACK_SECRET: SECRET } })
})

const BAD_IDS: [string, string][] = [
  ['empty', ''],
  ['spaces only', '   '],
  ['a tab and a newline only', '\t\n'],
  ['a NUL inside', 'abc\u0000def'],
  ['a newline inside', 'abc\ndef'],
  ['a carriage return at the end', 'abc-123\r'],
  ['a tab inside', 'abc\tdef'],
  ['DEL', 'abc\u007f'],
  ['a C1 control (NEL)', 'abc\u0085def'],
  ['an escape sequence', '\u001b[31mred'],
]

describe('POST /api/clicks refuses click ids that are no ids', () => {
  const body = (clickid: string) => ({ clickid, brandId: 'nova-spins', timestamp: '2026-11-20T12:00:00Z', user_agent: UA })

  it.each(BAD_IDS)('%s: 400 naming clickid, nothing stored', async (_what, clickid) => {
    const before = await t.ctx.repos.clicks.count()
    const res = await t.app.request('/api/clicks', json(body(clickid), { 'user-agent': UA }))
    expect(res.status).toBe(400)
    const answer = await res.json()
    expect(answer).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/^Invalid clickid/) })
    expect(answer.issues[0].path).toBe('clickid')
    await t.ctx.services.tracker.flush()
    expect(await t.ctx.repos.clicks.count()).toBe(before)
  })

  it('still takes an ordinary click id', async () => {
    expect((await t.app.request('/api/clicks', json(body(`ok-${Date.now()}`), { 'user-agent': UA }))).status).toBe(201)
  })
})

describe('the postback refuses click ids that are no ids', () => {
  const pb = (params: Record<string, string>, method: 'GET' | 'POST') =>
    method === 'GET'
      ? t.app.request(`/api/postback?${new URLSearchParams(params)}`)
      : t.app.request('/api/postback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) })

  it.each(BAD_IDS.filter(([, id]) => id !== '').flatMap(([what, id]) => (['GET', 'POST'] as const).map((m) => [`${what} (${m})`, id, m] as const)))(
    '%s: 400 naming click_id, no conversion stored',
    async (_what, clickId, method) => {
      const before = await t.ctx.store.collection('conversions').count()
      const res = await pb({ key: SECRET, click_id: clickId, goal: 'FTD', payout: '50', currency: 'EUR', txn_id: `t-${Math.random()}` }, method)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/^Invalid click_id/) })
      expect(await t.ctx.store.collection('conversions').count()).toBe(before)
    },
  )
})
