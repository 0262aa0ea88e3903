import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BASE_URL, DATA_DIR, launchBrowser, PERSON_UA } from './browser.ts'

// compliance: geo-targeted offers. The server runs with GEO_HEADER=cf-ipcountry (e2e/run.ts); each
// context sends the header a CDN would set for a visitor from that country.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function visitorFrom(country: string, width = 1280): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, userAgent: PERSON_UA, extraHTTPHeaders: { 'cf-ipcountry': country } })
  // partners' sites are never reached from here: any request to one fails the test below
  await context.route(/\.example\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Partner landing</h1>' }))
  return context
}

function blockedClicks(brandId: string): { country: string | null }[] {
  const db = new Database(join(DATA_DIR, 'gamewise.db'), { readonly: true })
  try {
    return db
      .query<{ doc: string }, [string]>("SELECT doc FROM clicks WHERE json_extract(doc, '$.brandId') = ? AND json_extract(doc, '$.blocked') = 1")
      .all(brandId)
      .map((r) => JSON.parse(r.doc))
  } finally {
    db.close()
  }
}

describe('geo-targeted offers (Chromium)', () => {
  it('a GB and a US visitor see different offer lists on the home page, and every tab has offers for both', async () => {
    const seen: Record<string, string[]> = {}
    for (const country of ['GB', 'US']) {
      const context = await visitorFrom(country)
      const page = await context.newPage()
      await page.goto(`${BASE_URL}/`)
      const tabs = await page.getByRole('tab').allTextContents()
      expect(tabs).toEqual(['Popular', 'New', 'Crypto'])
      const names: string[] = []
      for (const tab of tabs) {
        await page.getByRole('tab', { name: tab }).click() // hydrated tabs
        const rows = page.getByTestId('offer-row')
        await expect.poll(() => rows.count()).toBeGreaterThan(0)
        names.push(...(await rows.locator('strong').allTextContents()))
      }
      seen[country] = names
      await context.close()
    }
    expect(seen.GB).toContain('Albion Casino') // GB only (the New tab's first page)
    expect(seen.GB).not.toContain('Liberty Lines')
    expect(seen.US).toContain('Liberty Lines') // US only
    expect(seen.US).not.toContain('Albion Casino')
  })

  it('a US visitor on a GB-only brand page sees that it is not available, no call-to-action, and brands available there', async () => {
    const context = await visitorFrom('US')
    const page = await context.newPage()
    const res = await page.goto(`${BASE_URL}/brands/albion-casino`)
    expect(res?.status()).toBe(200) // still a page for search engines and shared links
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Albion Casino')
    expect(await page.getByTestId('geo-unavailable').textContent()).toContain('Albion Casino is not available in your country')
    expect(await page.getByRole('link', { name: 'Claim Spins' }).count()).toBe(0)
    expect(await page.locator('a[href^="/go/"]').count()).toBe(0)
    // exact: each alternative also carries its terms, whose "Full T&Cs for Liberty Lines" link names the brand too
    await page.getByTestId('geo-unavailable').getByRole('link', { name: 'Liberty Lines', exact: true }).click()
    await page.waitForURL('**/brands/liberty-lines')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Liberty Lines')
    expect(await page.getByTestId('geo-unavailable').count()).toBe(0)
    await context.close()

    // the same page for a GB visitor has its call-to-action
    const gb = await visitorFrom('GB')
    const gbPage = await gb.newPage()
    await gbPage.goto(`${BASE_URL}/brands/albion-casino`)
    expect(await gbPage.getByTestId('deal-box').getByRole('link', { name: 'Claim Spins' }).getAttribute('href')).toMatch(/^\/go\/albion-casino/)
    expect(await gbPage.getByTestId('geo-unavailable').count()).toBe(0)
    await gb.close()
  })

  it('/go of a GB-only brand for a US visitor does not reach the operator, and records a blocked click', async () => {
    const before = blockedClicks('albion-casino').length
    const context = await visitorFrom('US')
    const partnerRequests: string[] = []
    context.on('request', (r) => {
      if (/\.example\//.test(r.url())) partnerRequests.push(r.url())
    })
    const page = await context.newPage()
    const res = await page.goto(`${BASE_URL}/go/albion-casino`)
    expect(res?.status()).toBe(451)
    expect(page.url()).toBe(`${BASE_URL}/go/albion-casino`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Albion Casino is not available in your country')
    expect(await page.getByRole('link', { name: 'Liberty Lines' }).getAttribute('href')).toBe('/brands/liberty-lines')
    expect(partnerRequests).toEqual([])
    await expect.poll(() => blockedClicks('albion-casino').length, { timeout: 10_000 }).toBe(before + 1)
    expect(blockedClicks('albion-casino').at(-1)).toMatchObject({ country: 'US', blocked: true, unique: false })
    await context.close()
  })
})
