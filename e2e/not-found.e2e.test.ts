import type { BrowserContext } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { BASE_URL, PERSON_UA, useBrowser } from './browser.ts'

/**
 * Issue 26, a 404 that helps: unknown pages, articles, brands and tags answer 404 in the site's layout
 * with a search field filled with the address's words, what they name, popular articles and the top
 * offers for the visitor's country (terms, age mark, tracked links); never indexed, never cached.
 */
const get = (path: string, country = 'GB') => fetch(BASE_URL + path, { headers: { 'cf-ipcountry': country, 'user-agent': PERSON_UA } })

describe('the 404 page, server-rendered (raw HTML)', () => {
  it.each([
    ['/no/such/page', 'Page not found.', 'no such'],
    ['/article/nova-spins-reveiw', 'Article not found.', 'nova spins reveiw'],
    ['/brands/novaspins', 'Brand not found', 'novaspins'],
    ['/tag/esprts', 'Page not found.', 'esprts'],
  ])('%s answers 404 with its message, a search field holding the address\'s words, popular articles and top offers', async (path, message, words) => {
    const res = await get(path)
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const html = await res.text()
    expect(html).toContain(`<h1 class="error-title">${message}</h1>`)
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).toMatch(new RegExp(`<input id="not-found-q" [^>]*name="q" value="${words}"/>`))
    expect(html).toContain('<header') // the site's layout: its top bar and footer
    expect(html).toContain('<footer')
    expect(html).toContain('Popular articles')
    expect(html).toContain('data-slot="not-found-offers"')
    expect(html).toMatch(/href="\/go\/[a-z0-9-]+\?from=not-found%3A&amp;slot=not-found-offers&amp;pos=1"/)
    expect(html).toContain('class="age-badge">18+</span>')
    expect(html).not.toMatch(/18\+<\/span> 18\+/) // the terms' own mark is the badge's: never twice
  })

  it('suggests what a misspelt address names: the brand behind /article/nova-spins-reveiw', async () => {
    const html = await (await get('/article/nova-spins-reveiw')).text()
    expect(html).toMatch(/Were you looking for[\s\S]*href="\/brands\/nova-spins">Nova Spins</)
  })

  it("offers the top three of the visitor's country's offers list (the home page's), on any unknown address", async () => {
    // (the demo's first brands are shown everywhere; a country's own filter is tested in server/search/not-found.test.ts)
    const offered = async (country: string) => [...(await (await get('/no/such/page', country)).text()).matchAll(/href="\/go\/([a-z0-9-]+)\?from=not-found/g)].map((m) => m[1])
    const listed = async (country: string) => ((await (await get('/api/brands/static-offers', country)).json()) as { pages: { _id: string }[] }).pages.slice(0, 3).map((o) => o._id)
    for (const country of ['GB', 'US']) expect(await offered(country), country).toEqual(await listed(country))
  })
})

// the 404 answer itself is the one console error a browser reports
const run = useBrowser({ expected: /status of 404/ })
async function newContext(width: number): Promise<BrowserContext> {
  const context = await run.browser.newContext({ viewport: { width, height: 900 }, userAgent: PERSON_UA, extraHTTPHeaders: { 'cf-ipcountry': 'GB' } })
  context.on('page', (page) => {
    run.watch(page)
  })
  return context
}

describe('the 404 page (Chromium)', () => {
  it.each([1280, 320])('searching from it finds the page, and a suggestion opens the brand (%ipx wide)', async (width) => {
    const context = await newContext(width)
    const page = await context.newPage()
    const res = await page.goto(`${BASE_URL}/article/nova-spins-reveiw`)
    expect(res!.status()).toBe(404)
    const box = page.getByRole('searchbox', { name: 'Search the site for the page' })
    expect(await box.inputValue()).toBe('nova spins reveiw')
    expect(await box.isVisible()).toBe(true)
    // nothing wider than the screen, the offers' Play buttons reachable
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    const offers = page.getByRole('region', { name: 'Top offers' })
    expect(await offers.getByTestId('offer-card').count()).toBe(3)
    expect(await offers.getByRole('link', { name: 'Play' }).first().isVisible()).toBe(true)

    await box.fill('nova spins')
    await box.press('Enter')
    await page.waitForURL('**/search?q=nova+spins')
    expect(await page.getByRole('region', { name: 'Brands' }).getByTestId('offer-card').filter({ hasText: 'Nova Spins' }).count()).toBe(1)

    await page.goBack()
    await page.waitForURL('**/article/nova-spins-reveiw')
    await page.getByRole('navigation', { name: 'Were you looking for' }).getByRole('link', { name: 'Nova Spins' }).click()
    await page.waitForURL('**/brands/nova-spins')
    await context.close()
  })

  it('helpline numbers stay on one line at 320 px (issue 26)', async () => {
    const context = await newContext(320)
    const page = await context.newPage()
    await page.goto(`${BASE_URL}/info/responsible-gambling`)
    const phones = page.locator('a[href^="tel:"]')
    expect(await phones.count()).toBeGreaterThan(0)
    const broken = await phones.evaluateAll((links) => links.filter((a) => a.getClientRects().length > 1).map((a) => a.textContent))
    expect(broken).toEqual([])
    await context.close()
  })
})
