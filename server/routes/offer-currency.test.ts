import { beforeAll, describe, expect, it } from 'vitest'
import { appSignedIn, makeTestApp } from '../../test/make-app.ts'
import { parseExport } from '../operations/transfer.ts'

/**
 * Issue 34, "Money with its currency", through the API: a brand's offer currency and a market's own
 * offer are optional fields of the spec's brand form (a payload without them keeps working), checked on
 * write (a 400 naming the field, nothing stored), answered to the admin as stored and to readers as the
 * market shows them, and carried by export and import.
 */

let t: Awaited<ReturnType<typeof makeTestApp>>
let editor: string
beforeAll(async () => {
  ;({ t, tokens: [editor] } = await appSignedIn({}, ['editor']))
})

type Fields = Record<string, string>
const brandFields = (over: Fields = {}): Fields => ({
  brandName: 'Money Casino',
  campaignType: 'Web - Sale',
  offerHighlight: '100% up to {500}',
  dealBox: JSON.stringify({ mainText: '100% up to {500}', ctaLabel: 'Play', ctaUrl: 'https://money.example/go' }),
  termsSummary: '18+. New customers only. Min deposit {10}. T&Cs apply.',
  ...over,
})
const form = (fields: Fields) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  return f
}
const send = (method: string, path: string, fields: Fields) => t.app.request(path, { method, headers: { authorization: `Bearer ${editor}` }, body: form(fields) })
const brandCount = () => t.ctx.store.collection('brands').count()
const offersAnswer = async () => (await (await t.app.request('/api/brands/static-offers')).json()).pages as Record<string, unknown>[]

describe('an offer’s currency through the brand API', () => {
  it('refuses what is no ISO 4217 money, and an amount written {500} without a currency, naming offerCurrency and storing nothing', async () => {
    const before = await brandCount()
    for (const fields of [brandFields({ offerCurrency: 'BTC' }), brandFields({ offerCurrency: 'XAU' }), brandFields()]) {
      const res = await send('POST', '/api/brands', fields)
      expect(res.status).toBe(400)
      const body = await res.json()
      expect(body).toMatchObject({ code: expect.any(String), message: expect.stringMatching(/offerCurrency/) })
    }
    const badMarket = await send('POST', '/api/brands', brandFields({ offerCurrency: 'GBP', marketOffers: JSON.stringify([{ market: 'de', currency: 'DEM', offerHighlight: 'x' }]) }))
    expect(badMarket.status).toBe(400)
    expect((await badMarket.json()).message).toMatch(/marketOffers/)
    expect(await brandCount()).toBe(before)
  })

  it('stores the currency and the markets’ offers, answers them to the admin as written and to readers with their amounts in the currency', async () => {
    const marketOffers = [{ market: 'de', currency: 'eur', offerHighlight: '100 % bis zu {400}', termsSummary: 'Mindesteinzahlung {10}.', minDeposit: 10 }]
    // licensed by the German regulator, so the German market lists it
    const facts = JSON.stringify({ licences: [{ regulator: 'GGL', number: 'GGL-1' }] })
    const res = await send('POST', '/api/brands', brandFields({ offerCurrency: 'gbp', marketOffers: JSON.stringify(marketOffers), facts }))
    expect(res.status).toBe(201)
    const saved = await res.json()
    expect(saved).toMatchObject({ _id: 'money-casino', offerCurrency: 'GBP', offerHighlight: '100% up to {500}', marketOffers: [{ market: 'de', currency: 'EUR', offerHighlight: '100 % bis zu {400}' }] })
    // the public offers answer: the default market's (pounds), without the markets' own offers
    const offer = (await offersAnswer()).find((p) => p._id === 'money-casino')!
    expect(offer).toMatchObject({ offerHighlight: '100% up to £500', offerCurrency: 'GBP', termsSummary: '18+. New customers only. Min deposit £10. T&Cs apply.' })
    expect(offer.dealBox).toMatchObject({ mainText: '100% up to £500' })
    expect(offer).not.toHaveProperty('marketOffers')
    const publicBrand = await (await t.app.request('/api/brands/money-casino')).json()
    expect(publicBrand).toMatchObject({ offerHighlight: '100% up to £500', offerCurrency: 'GBP' })
    expect(publicBrand).not.toHaveProperty('marketOffers')
    const edit = await (await t.app.request('/api/brands/money-casino/edit', { headers: { authorization: `Bearer ${editor}` } })).json()
    expect(edit).toMatchObject({ offerHighlight: '100% up to {500}', marketOffers: [expect.objectContaining({ market: 'de' })] })
    // the German market shows its own offer, in euros, in German
    const de = await t.ctx.services.markets.get('de')
    const inDe = (await t.ctx.services.brands.listOffers('DE', de)).find((o) => o._id === 'money-casino')
    expect(inDe).toMatchObject({ offerHighlight: '100 % bis zu 400\u00a0€', offerCurrency: 'EUR', marketCurrency: 'EUR' })
    expect(inDe?.termsSummary).toMatch(/^18\+\. Mindesteinzahlung 10\u00a0€\./)
    const page = (await t.ctx.services.brands.brandPageFor('money-casino', 'DE', { market: de }))!.brand
    expect(page.offerHighlight).toBe('100 % bis zu 400\u00a0€')
    expect(page.offerCurrency).toBe('EUR')
    expect(page.facts.minDeposit).toEqual({ amount: 10, currency: 'EUR' })
  })

  it('an older client that sends neither keeps them; a spec payload without them creates a brand as before', async () => {
    const res = await send('PUT', '/api/brands/money-casino', brandFields({ offerHighlight: 'Up to {600}' }))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ offerCurrency: 'GBP', offerHighlight: 'Up to {600}', marketOffers: [expect.objectContaining({ market: 'de' })] })
    const plain = await send('POST', '/api/brands', { brandName: 'Plain Casino', campaignType: 'Web - Sale', offerHighlight: '100% up to 200', termsSummary: '18+. T&Cs apply.' })
    expect(plain.status).toBe(201)
    expect((await offersAnswer()).find((p) => p._id === 'plain-casino')).toMatchObject({ offerHighlight: '100% up to 200' })
  })

  it('export and import carry them', async () => {
    const bundle = await t.ctx.services.transfer.export('brands')
    const target = await makeTestApp({ seed: false })
    const report = await target.ctx.services.transfer.import('brands', parseExport(JSON.stringify(bundle), 'json'))
    expect(report.invalid).toEqual([])
    const b = await target.ctx.services.brands.getBrandPageOrThrow('money-casino')
    expect(b).toMatchObject({ offerCurrency: 'GBP', marketOffers: [expect.objectContaining({ market: 'de', currency: 'EUR', minDeposit: 10 })] })
    const nova = await target.ctx.services.brands.getBrandPageOrThrow('nova-spins')
    expect(nova.marketOffers?.map((o) => `${o.market} ${o.currency}`)).toEqual(['de EUR', 'ca-on CAD'])
  })
})
