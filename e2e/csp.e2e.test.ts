import type { Browser, Page, Response } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, BASE_URL, launchBrowser } from './browser.ts'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64')

let browser: Browser
let page: Page
/** Every CSP violation the browser reports, as an event in the page or a console message. */
let violations: string[] = []

beforeAll(async () => {
  browser = await launchBrowser()
  // the default (headless) user agent counts as a bot: brand views opened here are not recorded
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.exposeFunction('__reportCsp', (v: string) => violations.push(v))
  // init scripts and bindings go through the DevTools protocol, which the page's CSP does not govern
  await context.addInitScript(() =>
    document.addEventListener(
      'securitypolicyviolation',
      (e) => (window as unknown as { __reportCsp: (v: string) => void }).__reportCsp(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} on ${e.documentURI} ${e.sample}`),
      true,
    ),
  )
  context.on('page', (p) => p.on('console', (m) => /Content.Security.Policy/i.test(m.text()) && violations.push(`console: ${m.text()}`)))
  page = await context.newPage()
})
afterAll(async () => {
  await browser?.close()
})
afterEach(() => {
  violations = []
})

/** Opens a page and checks the policy it was served with. */
async function open(path: string): Promise<Response> {
  const res = (await page.goto(BASE_URL + path))!
  const policy = res.headers()['content-security-policy'] ?? ''
  // no 'unsafe-inline', no host wildcard; the one outside origin is gtag.js's on pages that run the app (GA_MEASUREMENT_ID is set in e2e/run.ts)
  expect(policy).toMatch(/(^|; )script-src 'self'( 'sha256-[^' ]+')*( https:\/\/www\.googletagmanager\.com)?(;|$)/)
  expect(policy).toContain("object-src 'none'")
  expect(policy).toContain("frame-ancestors 'self'")
  expect(res.headers()['strict-transport-security']).toBeUndefined() // the e2e site is http
  return res
}

/** Lets late requests (images, beacons) finish, then asserts the browser reported no violation. */
async function expectNoViolations() {
  await page.waitForLoadState('networkidle')
  expect(violations).toEqual([])
}

describe('Content-Security-Policy in the browser (Chromium)', () => {
  it('is enforced and its violations are seen by this test: an injected inline script does not run', async () => {
    await open('/')
    await page.evaluate(() => {
      const s = document.createElement('script')
      s.textContent = 'window.__injected = true'
      document.body.append(s)
    })
    // both reports: the event (through the binding, so it may come after the console message) and the console line
    await expect.poll(() => violations.filter((v) => v.startsWith('script-src-elem blocked inline')).length).toBe(1)
    await expect.poll(() => violations.some((v) => v.startsWith('console: ') && v.includes("'script-src 'self' https://www.googletagmanager.com'"))).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined()
  })

  it('home: no violations, and the hydrated offers tabs work', async () => {
    const res = await open('/')
    expect(res.headers()['x-frame-options']).toBe('SAMEORIGIN')
    await page.getByRole('tab', { name: 'New' }).click()
    await expect.poll(() => page.getByTestId('offer-row').count()).toBe(4)
    await expectNoViolations()
  })

  it('article: no violations, and an in-text link navigates on the client (pageContext.json over connect-src)', async () => {
    await open('/article/rtp-explained')
    await page.getByRole('link', { name: 'test labs' }).click()
    await page.waitForURL('**/article/how-rng-certification-keeps-games-fair')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('How RNG Certification Keeps Games Fair')
    await expectNoViolations()
  })

  it('brand page: no violations, and "Show more" expands the tagline', async () => {
    await open('/brands/nova-spins')
    await page.getByRole('button', { name: 'Show more' }).first().click()
    await expect.poll(() => page.getByRole('button', { name: 'Show less' }).count()).toBeGreaterThan(0)
    await expectNoViolations()
  })

  it('unknown page and unknown /go brand: no violations; the not-found page keeps its hashed style', async () => {
    expect((await open('/no/such/page')).status()).toBe(404)
    await expectNoViolations()
    expect((await open('/go/no-such-brand')).status()).toBe(404)
    expect(await page.evaluate(() => getComputedStyle(document.body).textAlign)).toBe('center')
    await expectNoViolations()
  })

  it('/login and /admin: no violations; logging in works and an uploaded image previews (data: URL)', async () => {
    await open('/login')
    await page.getByLabel('Username').fill(ADMIN.username)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await page.waitForURL(`${BASE_URL}/admin`)
    await page.getByRole('tab', { name: 'Articles', exact: true }).click()
    await page.getByLabel('Upload image').first().setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG })
    await expect.poll(() => page.getByAltText('Selected').getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    await expectNoViolations()
  })

  it('/adminmarket: no violations; a chosen logo previews (blob: URL)', async () => {
    await open('/adminmarket')
    const form = page.getByRole('form', { name: /Brand Page/ })
    await form.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG })
    await expect.poll(() => form.getByAltText('Logo preview').getAttribute('src')).toMatch(/^blob:/)
    await expect.poll(() => form.getByAltText('Logo preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2)
    await expectNoViolations()
  })
})
