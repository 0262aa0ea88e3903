import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, BASE_URL, launchBrowser, logIn } from './browser.ts'

let browser: Browser
let context: BrowserContext
let page: Page
let token: string
/** CSP violations and dialogs (alert, confirm, prompt) the browser reports in any page of the context. */
let violations: string[] = []
let dialogs: string[] = []
const created: string[] = []

const api = (method: string, path: string, body?: unknown) =>
  fetch(BASE_URL + path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) })
async function savePage(slug: string, title: string, body: string) {
  const res = await api('POST', '/api/info-pages', { slug, title, body })
  expect(res.status, await res.clone().text()).toBe(201)
  created.push(slug)
}
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`

beforeAll(async () => {
  const login = await fetch(`${BASE_URL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
  token = (await login.json()).accessToken
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.exposeFunction('__reportCsp', (v: string) => violations.push(v))
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __reportCsp: (v: string) => void }).__reportCsp(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`), true),
  )
  context.on('page', (p) => {
    p.on('console', (m) => /Content.Security.Policy/i.test(m.text()) && violations.push(`console: ${m.text()}`))
    p.on('dialog', (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`)
      void d.dismiss()
    })
  })
  page = await context.newPage()
})
afterAll(async () => {
  for (const slug of created) await api('DELETE', `/api/info-pages/${slug}`)
  await browser?.close()
})
afterEach(() => {
  violations = []
  dialogs = []
})

describe('info pages, server-rendered', () => {
  it('/info/privacy holds its text, title, description and canonical before any JavaScript', async () => {
    const res = await fetch(`${BASE_URL}/info/privacy`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<title>Privacy policy | GameWise</title>')
    expect(html).toMatch(/<meta name="description" content="What GameWise records when you read or click an offer/)
    expect(html).toContain(`<link rel="canonical" href="${BASE_URL}/info/privacy"/>`)
    expect(html).toMatch(/<h1[^>]*>Privacy policy<\/h1>/)
    expect(html).toContain('IP address itself is never stored</strong> with a click')
    expect(html).toContain('<a href="/info/cookies">cookie policy</a>')
  })

  it('an unknown or malformed slug is the 404 page', async () => {
    for (const path of ['/info/no-such-page', '/info/Privacy', '/info/a--b']) {
      const res = await fetch(BASE_URL + path)
      expect(res.status, path).toBe(404)
      expect(await res.text()).toContain('Page not found.')
    }
  })

  it('the Markdown parser never reaches the browser: no script an info page loads holds markdown-it', async () => {
    const html = await (await fetch(`${BASE_URL}/info/terms`)).text()
    const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))]
    expect(scripts.length).toBeGreaterThan(0)
    for (const src of scripts) {
      const js = await (await fetch(BASE_URL + src)).text()
      expect(js, src).not.toMatch(/normalizeLinkText|validateLink/) // markdown-it's own method names survive minifying
    }
  })

  it('the responsible-gambling page lists help for every country, the international set first while the country is unknown', async () => {
    await page.goto(`${BASE_URL}/info/responsible-gambling`)
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Where to get help' }).count()).toBe(1)
    const countries = await page.getByTestId('help-set').evaluateAll((els) => els.map((e) => e.getAttribute('data-country')))
    expect(countries[0]).toBe('')
    expect(countries).toEqual(expect.arrayContaining(['GB', 'US']))
    expect(await page.getByRole('link', { name: 'GamCare' }).getAttribute('href')).toBe('https://www.gamcare.org.uk')
    expect(await page.getByRole('link', { name: '0808 8020 133' }).getAttribute('href')).toBe('tel:08088020133')
  })
})

describe('footer (Chromium)', () => {
  it.each([
    ['Privacy Policy', '/info/privacy', 'Privacy policy'],
    ['Responsible gambling', '/info/responsible-gambling', 'Responsible gambling'],
    ['About Us', '/info/about', 'About GameWise'],
  ])('%s navigates to %s', async (name, path, h1) => {
    await page.goto(`${BASE_URL}/`)
    await page.locator('footer').getByRole('link', { name, exact: true }).click()
    await page.waitForURL(BASE_URL + path)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(h1)
    expect(violations).toEqual([])
  })

  it("an item without a page still opens the spec's modal", async () => {
    await page.goto(`${BASE_URL}/`)
    await page.locator('footer').getByRole('button', { name: 'Careers' }).click()
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('Careers content coming soon.')
    await page.getByRole('button', { name: 'Got It!' }).click()
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
  })

  it('shows gambling help links, international while the country is unknown', async () => {
    await page.goto(`${BASE_URL}/`)
    const line = page.locator('footer').getByText('Need help with gambling?')
    await expect.poll(() => line.getByRole('link', { name: 'Gambling Therapy' }).count()).toBe(1)
    await page.waitForLoadState('networkidle') // /api/geo answered
    expect(await line.getAttribute('data-country')).toBe('')
  })
})

describe('an info page full of XSS attempts, saved through the admin API (Chromium)', () => {
  const XSS = [
    '<script>window.__xss = "script"</script>',
    '<img src=x onerror="window.__xss = \'img\'">',
    '<svg onload="window.__xss = \'svg\'"></svg>',
    '<iframe srcdoc="<script>parent.__xss = \'iframe\'</script>"></iframe>',
    '<div onmouseover="window.__xss = \'div\'">hover me</div>',
    '[plain javascript](javascript:window.__xss="link")',
    '[Mixed Case](JaVaScRiPt:window.__xss="case")',
    '[entity](&#106;avascript:window.__xss="entity")',
    '[hex entity](&#x6A;avascript&#x3A;window.__xss="hex")',
    '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[vbscript](vbscript:msgbox(1))',
    '<javascript:window.__xss="autolink">',
    '![image](x "t\\" onerror=\\"window.__xss=\'title\'")',
    '[quoted title](https://ok.example "a\\" onmouseover=\\"window.__xss=\'title2\'")',
    '[outer [inner](https://a.example)](https://b.example)',
    '<a href="javascript:window.__xss=\'raw-a\'">raw anchor</a>',
    '```\n<script>window.__xss = "code"</script>\n```',
    '**safe [link](https://www.begambleaware.org)**',
  ].join('\n\n')

  async function expectNothingRan() {
    await page.waitForLoadState('networkidle')
    // hover and click everything the page body shows, so any handler that slipped through would fire
    const main = page.locator('main .info-page')
    for (const el of await main.locator('p, div, em, strong, code, li, span').all()) await el.hover({ timeout: 1_000 }).catch(() => {})
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined()
    expect(await main.locator('script, img, svg, iframe, object, embed, [onerror], [onload], [onmouseover], [onclick]').count()).toBe(0)
    const hrefs = await main.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
    for (const href of hrefs) expect(href).toMatch(/^(https?:\/\/|mailto:|\/(?!\/))/)
    expect(dialogs).toEqual([])
    expect(violations).toEqual([])
  }

  it('renders it as text: no script ran, no dialog opened, no CSP violation', async () => {
    const slug = unique('xss-e2e')
    await savePage(slug, 'XSS <script>window.__xss = "title"</script>', XSS)
    const res = (await page.goto(`${BASE_URL}/info/${slug}`))!
    expect(res.status()).toBe(200)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('XSS <script>window.__xss = "title"</script>')
    await expect.poll(() => page.getByText('<script>window.__xss = "script"</script>').count()).toBeGreaterThan(0) // shown, as text
    expect(await page.getByRole('link', { name: 'link' }).getAttribute('rel')).toBe('noopener nofollow')
    await expectNothingRan()
  })

  it('the same page reached by client-side navigation (its tree from pageContext.json) runs nothing either', async () => {
    const target = unique('xss-client')
    const from = unique('xss-from')
    await savePage(target, 'XSS by client navigation', XSS)
    await savePage(from, 'A page that links to it', `[open it](/info/${target})`)
    await page.goto(`${BASE_URL}/info/${from}`)
    await page.waitForLoadState('networkidle')
    const documentRequests: string[] = []
    page.on('request', (r) => r.resourceType() === 'document' && documentRequests.push(r.url()))
    await page.getByRole('link', { name: 'open it' }).click()
    await page.waitForURL(`${BASE_URL}/info/${target}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('XSS by client navigation')
    expect(documentRequests).toEqual([]) // rendered in the browser from the tree, not a new document
    await expectNothingRan()
  })
})

describe('editing an info page in /admin (Chromium)', () => {
  it('edits About in the Info pages tab with a live preview; the public page shows the change at once', async () => {
    const admin = await context.newPage()
    await logIn(admin)
    await admin.waitForURL(`${BASE_URL}/admin`)
    await admin.getByRole('tab', { name: 'Info pages' }).click()
    const row = admin.getByTestId('info-page-row').filter({ hasText: '/info/about' })
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0)
    await row.getByRole('button', { name: 'Edit' }).click()
    const form = admin.getByRole('form', { name: 'Edit info page' })
    const original = await form.getByLabel(/^Body/).inputValue()
    const marker = unique('Edited')
    await form.getByLabel(/^Body/).fill(`## ${marker}\n\nWritten in the **admin**.`)
    await expect.poll(() => admin.getByRole('region', { name: 'Preview' }).getByRole('heading', { level: 2 }).textContent()).toBe(marker)
    await form.getByRole('button', { name: 'Update' }).click()
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Saved.')

    const html = await (await fetch(`${BASE_URL}/info/about`)).text()
    expect(html).toContain(`<h2>${marker}</h2>`)
    expect(html).toContain('<strong>admin</strong>')
    const restored = await api('PUT', '/api/info-pages/about', { title: 'About GameWise', body: original })
    expect(restored.status).toBe(200)
    await admin.close()
  })
})
