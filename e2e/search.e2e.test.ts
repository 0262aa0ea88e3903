import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BASE_URL, launchBrowser, PERSON_UA } from './browser.ts'

const get = (path: string) => fetch(BASE_URL + path)

describe('/search, server-rendered (raw HTML)', () => {
  it('holds the count, result links and highlighted snippets, and keeps itself out of search indexes', async () => {
    const res = await get('/search?q=wagering')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toMatch(/\d+ results? for “wagering”/)
    expect(html).toContain('href="/article/wagering-requirements-decoded"')
    expect(html).toMatch(/<mark>wagering<\/mark>/i)
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>')
    expect(html).toContain('<title>Search: wagering | GameWise</title>')
  })

  it('answers the empty query with the form only, an unknown word with the empty state, a page past the end with a way back', async () => {
    const empty = await (await get('/search')).text()
    expect(empty).toContain('name="q"')
    expect(empty).not.toContain('results for')
    expect(await (await get('/search?q=zzqxnothing')).text()).toContain('No articles match “zzqxnothing”.')
    const past = await (await get('/search?q=wagering&page=99')).text()
    expect(past).toContain('No results on page 99')
    expect(past).toContain('href="/search?q=wagering"')
  })

  it('shows why a query is refused instead of failing, and never errors on hostile input', async () => {
    const long = await get(`/search?q=${'a'.repeat(300)}`)
    expect(long.status).toBe(200)
    expect(await long.text()).toContain('Search query is too long')
    for (const q of ['%22', 'NEAR(a%20b)', '%00', '%ED%A0%80', '%', `${'x%20'.repeat(400)}`, '%3Cscript%3Ealert(1)%3C%2Fscript%3E']) {
      const res = await get(`/search?q=${q}&page=abc`)
      expect(res.status, q).toBe(200)
      expect(await res.text(), q).not.toContain('<script>alert(1)')
    }
  })

  it('renders the same page whatever other parameters come along (they are not part of the page)', async () => {
    const a = await (await get('/search?q=poker')).text()
    const b = await (await get('/search?q=poker&utm_source=mail&x=1')).text()
    expect(b).toBe(a)
  })
})

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Browser errors (CSP violations included) seen in the test's pages; each test ends by asserting none. */
let browserErrors: string[] = []
beforeEach(() => {
  browserErrors = []
})
afterEach(() => {
  expect(browserErrors).toEqual([])
})

async function newContext(width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, userAgent: PERSON_UA })
  context.on('page', (page) => {
    page.on('pageerror', (e) => browserErrors.push(String(e)))
    page.on('console', (m) => m.type() === 'error' && browserErrors.push(m.text()))
  })
  return context
}

describe('site search (Chromium)', () => {
  it.each([1280, 390])('top bar search → results with highlights → page 2 → an article (%ipx wide)', async (width) => {
    const context = await newContext(width)
    const page = await context.newPage()
    await page.goto(BASE_URL + '/')
    const box = page.getByRole('searchbox', { name: 'Search the site' })
    await box.fill('game')
    await box.press('Enter')
    await page.waitForURL('**/search?q=game')
    const results = page.getByTestId('search-result')
    await expect.poll(() => results.count()).toBe(10)
    expect(await page.getByText(/\d+ results for “game”/).isVisible()).toBe(true)
    const marks = page.locator('.search-snippet mark')
    expect(await marks.count()).toBeGreaterThan(0)
    expect((await marks.first().textContent())?.toLowerCase()).toMatch(/^game/)
    expect(await marks.first().isVisible()).toBe(true)

    await page.getByRole('link', { name: 'Next' }).click()
    await page.waitForURL('**/search?q=game&page=2')
    await expect.poll(() => page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')
    await expect.poll(() => results.count()).toBeGreaterThan(0)

    const first = results.first().getByRole('heading', { level: 2 }).getByRole('link')
    const title = await first.textContent()
    await first.click()
    await page.waitForURL('**/article/**')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title)
    await context.close()
  })

  it('searches again from the search page form, and says when nothing matches', async () => {
    const context = await newContext(1280)
    const page = await context.newPage()
    await page.goto(`${BASE_URL}/search?q=wagering`)
    const box = page.getByRole('searchbox', { name: 'Search articles' })
    expect(await box.inputValue()).toBe('wagering')
    await box.fill('zzqx nothing here')
    await box.press('Enter')
    await page.waitForURL('**/search?q=zzqx+nothing+here')
    await expect.poll(() => page.getByText('No articles match “zzqx nothing here”.').isVisible()).toBe(true)
    await context.close()
  })
})
