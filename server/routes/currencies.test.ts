import { beforeAll, describe, expect, it } from 'vitest'
import { brandFactsSchema } from '../../lib/brand-facts-schema.ts'
import { marketInputSchema } from '../../lib/market-schema.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { conversionParamsSchema } from '../attribution/postbacks.ts'
import { loadConfig } from '../config.ts'

/**
 * Issue 35, "Who may touch revenue": every place that takes a currency takes an ISO 4217 code of a
 * currency in circulation — brand facts (a minimum deposit), markets, postbacks and programme CSVs (one
 * schema), rates files and REPORT_CURRENCY — and refuses "no currency" (XXX), testing (XTS), metals
 * (XAU), funds and units (CLF, XDR), and currencies long gone (DEM, ESP, FRF). Brand facts took any code
 * `Intl` knows, which under Bun is every one of those.
 */
const NOT_MONEY = ['XXX', 'XTS', 'XAU', 'XAG', 'XDR', 'CLF', 'DEM', 'ESP', 'FRF', 'ANG', 'BGN', 'HRK', 'ZWL']
const IN_CIRCULATION = ['EUR', 'GBP', 'USD', 'CAD', 'JPY', 'XCG', 'ZWG', 'VED', 'XOF']

let t: Awaited<ReturnType<typeof makeTestApp>>
let editor: string
let admin: string
beforeAll(async () => {
  t = await makeTestApp()
  editor = (await loginAs(t, 'editor')).accessToken
  admin = (await loginAs(t, 'admin')).accessToken
})

const postBrand = (facts: unknown) => {
  const f = new FormData()
  f.append('brandName', `Currency ${Math.random().toString(36).slice(2, 8)}`)
  f.append('campaignType', 'Web - Sale')
  f.append('dealBox', JSON.stringify({ ctaLabel: 'Play', ctaUrl: 'https://test.example/land' }))
  f.append('facts', JSON.stringify(facts))
  return t.app.request('/api/brands', { method: 'POST', headers: { authorization: `Bearer ${editor}` }, body: f })
}

describe('currencies in circulation only', () => {
  it.each(NOT_MONEY)("a brand's minimum deposit in %s is refused with 400 naming the field", async (currency) => {
    const before = await t.ctx.repos.brands.count()
    const res = await postBrand({ minDeposit: { amount: 10, currency } })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body).toMatchObject({ code: 'bad_request', issues: [{ path: 'facts.minDeposit.currency' }] })
    expect(await t.ctx.repos.brands.count()).toBe(before)
  })

  it.each(IN_CIRCULATION)("a brand's minimum deposit in %s is taken", async (currency) => {
    expect(brandFactsSchema.safeParse({ minDeposit: { amount: 10, currency } }).success).toBe(true)
  })

  it.each(NOT_MONEY)('%s is refused by postbacks and programme CSVs, markets and REPORT_CURRENCY', (currency) => {
    expect(conversionParamsSchema.safeParse({ click_id: 'c1', goal: 'FTD', payout: '10', currency }).success).toBe(false)
    expect(marketInputSchema.shape.currency.safeParse(currency).success).toBe(false)
    expect(() => loadConfig({ DATA_DIR: ':memory:', REPORT_CURRENCY: currency, AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789' })).toThrow(/REPORT_CURRENCY/)
  })

  it.each(NOT_MONEY)('a rates file with a %s line changes nothing and names the line', async (currency) => {
    const res = await t.app.request('/api/rates/import', { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/csv' }, body: `date,currency,rate\n2026-01-05,USD,1.08\n2026-01-05,${currency},2.5\n` })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(JSON.stringify(await res.json())).toContain(currency)
  })
})
