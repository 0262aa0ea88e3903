import type { BrowserContext } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { adminPage, BASE_URL, PERSON_UA, useBrowser } from './browser.ts'

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

const run = useBrowser()

async function newContext(width: number, country = 'GB'): Promise<BrowserContext> {
  // a person's browser (headless Chrome is counted as a bot) in a country, as a CDN's header says
  const context = await run.browser.newContext({ viewport: { width, height: 900 }, userAgent: PERSON_UA, extraHTTPHeaders: { 'cf-ipcountry': country } })
  context.on('page', (page) => {
    run.watch(page)
  })
  return context
}

describe('site search (Chromium)', () => {
  it.each([1280, 390])('top bar search → results with highlights → page 2 → an article (%ipx wide)', async (width) => {
    const context = await newContext(width)
    const page = await context.newPage()
    await page.goto(BASE_URL + '/')
    // the top bar's box is a combobox (issue 26: suggestions as you type); Enter with none chosen searches
    const box = page.getByRole('combobox', { name: 'Search the site' })
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

describe('search that knows brands, forgives typos and suggests as you type (issue 26, Chromium)', () => {
  it.each([1280, 390])('typing "nov" in the top bar suggests Nova Spins; the arrow keys choose, Escape closes, Enter opens it (%ipx wide)', async (width) => {
    const context = await newContext(width)
    const page = await context.newPage()
    await page.goto(BASE_URL + '/')
    await page.waitForLoadState('networkidle') // hydrated: the box asks for suggestions
    const box = page.getByRole('combobox', { name: 'Search the site' })
    await box.click()
    await box.pressSequentially('nov', { delay: 40 })
    const list = page.getByRole('listbox', { name: 'Suggestions' })
    await expect.poll(() => list.isVisible()).toBe(true)
    expect(await box.getAttribute('aria-expanded')).toBe('true')
    const options = list.getByRole('option')
    expect(await options.first().textContent()).toBe('Brand Nova Spins')
    expect(await options.count()).toBeLessThanOrEqual(8)
    // the count is announced (a polite live region beside the box)
    await expect.poll(() => page.locator('.search-combo [aria-live="polite"]').textContent()).toMatch(/^\d+ suggestions?, use the up and down arrows to choose$/)

    await box.press('ArrowDown')
    const first = await options.first().getAttribute('id')
    expect(await box.getAttribute('aria-activedescendant')).toBe(first)
    expect(await options.first().getAttribute('aria-selected')).toBe('true')
    await box.press('Escape')
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false')
    expect(await list.isVisible()).toBe(false)
    expect(await box.inputValue()).toBe('nov') // Escape closes the list, the words stay
    await box.press('ArrowDown')
    await expect.poll(() => box.getAttribute('aria-activedescendant')).toBe(first)
    await box.press('Enter')
    await page.waitForURL('**/brands/nova-spins')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Nova Spins/)
    await context.close()
  })

  it('"nova spns" and Enter: the results show Nova Spins as an offer card with its terms, one age mark and a tracked Play link', async () => {
    const context = await newContext(1280)
    const page = await context.newPage()
    await page.goto(BASE_URL + '/')
    await page.waitForLoadState('networkidle')
    const box = page.getByRole('combobox', { name: 'Search the site' })
    await box.fill('nova spns')
    await box.press('Enter')
    await page.waitForURL('**/search?q=nova+spns')
    const brands = page.getByRole('region', { name: 'Brands' })
    const card = brands.getByTestId('offer-card').filter({ hasText: 'Nova Spins' })
    expect(await card.count()).toBe(1)
    expect(await brands.getByTestId('offer-card').first().textContent()).toContain('Nova Spins') // named first
    const terms = card.getByTestId('offer-terms')
    expect(await terms.locator('.age-badge').textContent()).toBe('18+')
    expect(await terms.textContent()).toMatch(/^18\+ New customers only/) // the terms' own "18+." went to the badge: shown once
    expect(await card.getByRole('link', { name: 'Play' }).getAttribute('href')).toMatch(/^\/go\/nova-spins\?from=search%3A&slot=search-offers&pos=1/)
    expect(await brands.getByTestId('affiliate-disclosure').isVisible()).toBe(true)
    await context.close()
  })

  it('"nov" on the results page finds Nova Spins too (a word start)', async () => {
    const html = await (await fetch(`${BASE_URL}/search?q=nov`, { headers: { 'cf-ipcountry': 'GB' } })).text()
    expect(html).toMatch(/<section class="search-brands"[\s\S]*Nova Spins/)
    expect(html).toContain('slot=search-offers')
  })

  it('a brand licensed only in GB: found despite a typo for a GB visitor, absent for a US one', async () => {
    for (const [country, shown] of [['GB', true], ['US', false]] as const) {
      const context = await newContext(1280, country)
      const page = await context.newPage()
      await page.goto(`${BASE_URL}/search?q=albion+casno`)
      expect(await page.getByTestId('offer-card').filter({ hasText: 'Albion Casino' }).count(), country).toBe(shown ? 1 : 0)
      await context.close()
    }
  })

  it('"Did you mean": a misspelt query that finds no article offers the spelling that does', async () => {
    const context = await newContext(1280)
    const page = await context.newPage()
    await page.goto(`${BASE_URL}/search?q=wagerng+requirments`)
    expect(await page.getByText('No articles match “wagerng requirments”.').isVisible()).toBe(true)
    await page.getByTestId('did-you-mean').getByRole('link', { name: 'wagering requirements' }).click()
    await page.waitForURL('**/search?q=wagering+requirements')
    await expect.poll(() => page.getByTestId('search-result').count()).toBeGreaterThan(0)
    await context.close()
  })

  it("a query that finds nothing is in the editors' list, and 'Write about this' opens a new article titled with it", async () => {
    const query = `quokka harbour ${Date.now().toString(36)}`
    const context = await newContext(1280)
    const page = await context.newPage()
    await page.goto(`${BASE_URL}/search?${new URLSearchParams({ q: query })}`)
    expect(await page.getByText(`No articles match “${query}”.`).isVisible()).toBe(true)
    await context.close()

    const admin = await adminPage(run.browser)
    await admin.goto(`${BASE_URL}/admin/searches`)
    const none = admin.getByRole('table', { name: 'Queries that found nothing' })
    const row = none.getByRole('row').filter({ hasText: query })
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('1') // found nothing (query, visitors, searches, found nothing)
    await row.getByRole('link', { name: `Write about this: “${query}”` }).click()
    await admin.waitForURL(/\/admin\?tab=articles&title=/)
    const form = admin.getByRole('form', { name: 'Add article' })
    await expect.poll(() => form.getByLabel('Title', { exact: true }).inputValue()).toBe(query)
    await admin.context().close()
  })
})
