import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, adminPage, BASE_URL, launchBrowser, PERSON_UA } from './browser.ts'

/**
 * Issue 22's formats as people use them: an editor gives a brand facts, a review and offer dates in the
 * brand form; a visitor reads them, copies the code and sees the offer end; visitors from two countries
 * read a guide's comparison table; an editor inserts a table into a section and previews it.
 */
let browser: Browser
let admin: Page
let token: string
let brandId: string
const NAME = 'E2E Formats Casino'

async function api(path: string, init: RequestInit = {}) {
  const res = await fetch(BASE_URL + path, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

beforeAll(async () => {
  ;({ accessToken: token } = await (await fetch(`${BASE_URL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json())
  const form = new FormData()
  for (const [k, v] of Object.entries({
    brandName: NAME,
    campaignType: 'Web - Sale',
    rating: '3.5',
    tagline: 'A casino for the formats test.',
    offerHighlight: '100% up to €100',
    bonusOffer: '100% up to €100',
    bonusCondition: '30x',
    termsSummary: '18+. New customers only. T&Cs apply.',
    termsUrl: 'https://formats.example/terms',
    type: JSON.stringify(['typeNew']),
    position: JSON.stringify(['PositionPopular']),
    customParams: '[]',
    dealBox: JSON.stringify({ mainText: '100% up to €100', ctaLabel: 'Claim', ctaUrl: 'https://formats.example/go' }),
  }))
    form.set(k, v)
  brandId = (await api('/api/brands', { method: 'POST', body: form }))._id
  browser = await launchBrowser()
  admin = await adminPage(browser)
})
afterAll(async () => {
  await browser?.close()
  // the suite shares one store: later files count the demo's offers
  if (brandId) await api(`/api/brands/${brandId}`, { method: 'DELETE' })
})

const visitorPage = async (country = 'GB', width = 1280) => {
  const ctx = await browser.newContext({ userAgent: PERSON_UA, viewport: { width, height: 900 }, extraHTTPHeaders: { 'cf-ipcountry': country } })
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL })
  await ctx.addInitScript(() => localStorage.setItem('consent', 'denied'))
  return ctx.newPage()
}
const brandForm = () => admin.getByRole('form', { name: 'Edit Brand Page' })

describe('facts, review and bonus code (issue 22)', () => {
  it('an editor finds the brand under "Facts to check", gives it facts and a review, and the page shows them', async () => {
    await admin.goto(`${BASE_URL}/adminmarket`)
    const due = admin.getByTestId('offers-due')
    await expect.poll(() => due.getByText(`${NAME} — never checked`).isVisible()).toBe(true)
    await due.getByRole('button', { name: `Edit ${NAME}` }).click()
    const form = brandForm()
    await form.getByRole('heading', { name: 'Edit Brand Page' }).waitFor()

    await form.getByRole('spinbutton', { name: 'Minimum deposit' }).fill('10')
    await form.getByLabel('Minimum deposit currency').fill('eur')
    await form.getByRole('textbox', { name: /^Bonus code/ }).fill('FORMATS10')
    await form.getByRole('button', { name: 'Verified today' }).click()
    await form.getByLabel('PayPal').check()
    await form.getByLabel(`${NAME} has a structured review`).check()
    for (const [label, score] of [[/^Bonuses/, '4'], [/^Games/, '4.5'], [/^Payments/, '5'], [/^Support/, '3'], [/^Mobile/, '4'], [/^Safety & licence/, '5']] as const)
      await form.getByRole('spinbutton', { name: label }).fill(score)
    await expect.poll(() => form.getByTestId('review-overall').textContent()).toBe('Overall score: 4.4 / 5')
    await form.getByLabel('Pros (one per line)').fill('Fast payouts\nFriendly support')
    await form.getByLabel('Cons (one per line)').fill('Few table games')
    await form.getByLabel('Verdict').fill('A safe pick for e-wallet players.')
    await form.getByLabel('Reviewer').fill('Maya Chen')
    await form.getByLabel('Tested on').fill('2026-11-01')
    await form.getByRole('button', { name: 'Update' }).click()
    // saved: the form goes back to adding, and the brand left "Facts to check"
    await admin.getByRole('heading', { name: 'Add New Brand Page' }).waitFor()
    await expect.poll(() => due.getByText(`${NAME} — never checked`).count()).toBe(0)

    const page = await visitorPage('GB', 390)
    await page.goto(`${BASE_URL}/brands/${brandId}`)
    const facts = page.getByTestId('key-facts')
    await expect.poll(() => facts.textContent()).toContain('€10')
    expect(await facts.textContent()).toContain('PayPal')
    expect(await facts.textContent()).toMatch(/Checked against E2E Formats Casino's site on/)
    const review = page.getByTestId('brand-review')
    expect(await review.textContent()).toContain('4.4')
    expect(await review.textContent()).toContain('Friendly support')
    // search engines read the same review: a Person wrote it, rated 4.4 of 5
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t))
    const node = ld.flatMap((d) => (Array.isArray(d['@graph']) ? d['@graph'] : [d])).find((d) => d['@type'] === 'Review')
    expect(node).toMatchObject({ author: { '@type': 'Person', name: 'Maya Chen' }, reviewRating: { ratingValue: 4.4 } })
    await page.context().close()
  })

  it('a visitor copies the code: "Copied", the clipboard holds it, and the brand report counts one copy', async () => {
    const before = (await api(`/api/reports/brands/${brandId}`)).totals.codeCopies
    const page = await visitorPage('GB')
    await page.goto(`${BASE_URL}/brands/${brandId}`)
    const code = page.getByTestId('bonus-code').first()
    await code.getByRole('button', { name: 'Copy code FORMATS10' }).click()
    await expect.poll(() => code.getByRole('status').textContent()).toBe('Copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('FORMATS10')
    await expect.poll(async () => (await api(`/api/reports/brands/${brandId}`)).totals.codeCopies).toBe(before + 1)
    await page.context().close()
  })

  it('an offer whose last day has passed is listed nowhere, its page says so with other offers, and /go answers 410', async () => {
    await admin.goto(`${BASE_URL}/adminmarket`)
    await admin.getByRole('row', { name: new RegExp(NAME) }).getByRole('button', { name: 'Edit' }).click()
    const form = brandForm()
    await form.getByRole('heading', { name: 'Edit Brand Page' }).waitFor()
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    await form.getByLabel(/^Valid until/).fill(yesterday)
    await form.getByRole('button', { name: 'Update' }).click()
    await admin.getByRole('heading', { name: 'Add New Brand Page' }).waitFor()
    await expect.poll(() => admin.getByTestId('offers-due').getByText(`${NAME} — ended ${yesterday}`).isVisible()).toBe(true)

    const page = await visitorPage('GB')
    await page.goto(`${BASE_URL}/brands/${brandId}`)
    const ended = page.getByTestId('offer-ended')
    await ended.getByText(`This ${NAME} offer has ended`).waitFor()
    expect(await page.locator(`a[href^="/go/${brandId}"]`).count()).toBe(0)
    expect(await ended.locator('a[href^="/brands/"]').count()).toBeGreaterThan(0) // other offers instead
    await page.goto(`${BASE_URL}/brands`)
    expect(await page.locator(`a[href="/brands/${brandId}"]`).count()).toBe(0)
    const go = await fetch(`${BASE_URL}/go/${brandId}`, { headers: { 'user-agent': PERSON_UA, 'cf-ipcountry': 'GB' }, redirect: 'manual' })
    expect(go.status).toBe(410)
    await page.context().close()
  })
})

describe('comparison tables (issue 22)', () => {
  const rowsOf = async (page: Page) => {
    const table = page.getByTestId('comparison-table').first()
    await table.waitFor()
    return table.locator('a[href*="slot=comparison-table"]').evaluateAll((as) => [...new Set(as.map((a) => new URL((a as HTMLAnchorElement).href).pathname.replace('/go/', '')))])
  }

  it('a GB visitor and a US visitor read the same guide with the offers of their own country', async () => {
    const gb = await visitorPage('GB', 1280)
    await gb.goto(`${BASE_URL}/article/fastest-casino-payment-methods`)
    const gbRows = await rowsOf(gb)
    expect(gbRows).toContain('albion-casino')
    expect(gbRows).not.toContain('liberty-lines')
    // a table on a wide screen, with the code column and the links' rel
    expect(await gb.getByTestId('comparison-table').first().locator('table').isVisible()).toBe(true)
    expect(await gb.getByTestId('comparison-table').first().textContent()).toContain('ALBION50')
    const rel = await gb.getByTestId('comparison-table').first().locator('a[href*="slot=comparison-table"]').first().getAttribute('rel')
    expect(rel).toContain('sponsored')

    const us = await visitorPage('US', 390)
    await us.goto(`${BASE_URL}/article/fastest-casino-payment-methods`)
    const usRows = await rowsOf(us)
    expect(usRows).toContain('liberty-lines')
    expect(usRows).not.toContain('albion-casino')
    await gb.context().close()
    await us.context().close()
  })

  it('an editor inserts a table at the cursor, previews it for their country, saves, and readers see it', async () => {
    const post = await api('/api/posts/article', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'E2E formats: two casinos compared',
        tag: 'Guides',
        description: 'A throwaway guide for the comparison table test.',
        image: '/demo/bankroll.svg',
        content: { summary: [], body: [{ headline: 'Compared', content: 'First paragraph.', keywords: [], hyperlinks: [], subsections: [] }] },
        meta: { author: 'E2E', date: '2026-11-01', reviewer: '', readTime: '2 min' },
      }),
    })
    try {
      await admin.goto(`${BASE_URL}/admin?tab=articles&post=${post._id}`)
      const form = admin.getByRole('form', { name: /Edit article/ })
      const section = form.getByTestId('section-editor').first()
      await section.waitFor()
      const content = section.getByLabel('Content', { exact: true })
      // the cursor after "First paragraph."
      await content.click()
      await content.press('End')
      await section.getByRole('button', { name: 'Insert comparison table' }).first().click()
      const helper = section.getByTestId('compare-insert')
      await helper.getByLabel('Nova Spins').check()
      await helper.getByLabel('Satoshi Slots').check()
      await helper.getByLabel('Code', { exact: true }).check()
      await helper.getByLabel('Title (optional)').fill('Two to compare')
      await helper.getByRole('button', { name: 'Insert table' }).click()
      expect(await content.inputValue()).toBe('First paragraph.\n\n{{compare brands="nova-spins, satoshi-slots" columns="bonus, code, wagering, minDeposit, score" title="Two to compare"}}\n')
      const preview = section.locator('.text-preview').first()
      await expect.poll(() => preview.getByTestId('comparison-table').count()).toBeGreaterThan(0)
      expect(await preview.getByTestId('comparison-table').first().textContent()).toContain('Satoshi Slots')

      // a directive it cannot read: named by line in the preview, and the save refuses it, keeping the text
      const good = await content.inputValue()
      await content.fill('{{compare brands="nova-spins" columns="rtp"}}')
      await expect.poll(() => preview.textContent()).toContain('Comparison table on line 1: unknown column "rtp"')
      await form.getByRole('button', { name: 'Update', exact: true }).click()
      await expect.poll(() => form.textContent()).toMatch(/comparison table on line 1: unknown column "rtp"/)
      expect(await content.inputValue()).toBe('{{compare brands="nova-spins" columns="rtp"}}')

      await content.fill(good)
      await form.getByRole('button', { name: 'Update', exact: true }).click()
      await expect.poll(() => admin.getByTestId('saved-notice').textContent()).toMatch(/^Saved/)
      const reader = await visitorPage('GB', 390)
      await reader.goto(`${BASE_URL}/article/${post._id}`)
      const table = reader.getByTestId('comparison-table').first()
      expect(await table.textContent()).toContain('Two to compare')
      expect(await table.textContent()).toContain('WISE200')
      expect(await table.locator('a[href*="slot=comparison-table"]').count()).toBeGreaterThan(0)
      await reader.context().close()
    } finally {
      await api(`/api/posts/${post._id}`, { method: 'DELETE' })
    }
  })
})

describe('what the formats cost a visitor (issue 22)', () => {
  it('public pages load no validator: zod stays on the server and in the admin', async () => {
    for (const path of ['/', '/brands/nova-spins', '/article/fastest-casino-payment-methods', '/brands', '/articles']) {
      const html = await (await fetch(BASE_URL + path)).text()
      const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))]
      expect(scripts.length, path).toBeGreaterThan(0)
      for (const src of scripts) expect(await (await fetch(BASE_URL + src)).text(), `${path} loads ${src}`).not.toMatch(/ZodError|\$ZodType/)
    }
  })
})
