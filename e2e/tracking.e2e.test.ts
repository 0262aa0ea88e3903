import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerConsent, BASE_URL, fakeGoogle, launchBrowser, logIn, PERSON_UA } from './browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('tracking (Chromium)', () => {
  it("'Play' on the home page lands on the partner with a click_id, and the report shows the click", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: PERSON_UA })
    // the partner's site is a local page: nothing leaves this machine
    await context.route(/\.example\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Partner landing</h1>' }))
    await fakeGoogle(context)
    const page = await context.newPage()
    await page.goto(`${BASE_URL}/`)
    await answerConsent(page) // the gaid exists only with consent (e2e/consent.e2e.test.ts covers the rest)
    await page.getByRole('tab', { name: 'Crypto' }).click()
    const row = page.getByTestId('offer-row').filter({ hasText: 'Velocity Bet' })
    await expect.poll(() => row.getByRole('link', { name: 'Play' }).getAttribute('href')).toMatch(/^\/go\/velocity-bet\?from=home%3A&slot=home-offers&pos=\d+&gaid=/)
    const [tab] = await Promise.all([context.waitForEvent('page'), row.getByRole('link', { name: 'Play' }).click()])
    await tab.waitForURL(/velocitybet\.example/) // blank first, then /go's 302
    expect(await tab.locator('h1').textContent()).toBe('Partner landing')
    const landed = new URL(tab.url())
    expect(landed.host).toBe('velocitybet.example')
    expect(landed.searchParams.get('click_id')).toMatch(/^[0-9a-f-]{36}$/)

    await logIn(page)
    await page.waitForURL(`${BASE_URL}/admin`)
    await page.goto(`${BASE_URL}/adminmarket`)
    // the brand report is the shared report table (issue 35): the brand names its row, clicks are the first figure
    const report = page.getByTestId('earnings-row').filter({ hasText: 'Velocity Bet' })
    await expect.poll(async () => (await report.locator('td').allTextContents())[0], { timeout: 10_000 }).toMatch(/^[1-9][\d,]*$/)
    await report.getByRole('button', { name: 'Daily' }).click()
    // the brand's day-by-day chart (components/earnings/DailyChart.tsx), drawn once its figures arrive
    await expect.poll(() => page.locator('section.earnings-chart .chart-box[data-drawn]').count(), { timeout: 10_000 }).toBe(1)
    expect(await page.locator('section.earnings-chart h2').textContent()).toBe('Velocity Bet: day by day')
    await context.close()
  })
})
