import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100'
export const DATA_DIR = process.env.E2E_DATA_DIR ?? ''
/** A person's browser: headless Chrome announces itself and is (rightly) counted as a bot. */
export const PERSON_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'

// Debian's Chromium (docs/architecture.md, "Known pitfalls"): no downloaded browser, no background networking on this closed network.
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
}

export const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'e2e_admin', password: process.env.ADMIN_PASSWORD ?? '' }

/** Logs in through the login form, as a person would. */
export async function logIn(page: Page, who: { username: string; password: string } = ADMIN) {
  await page.goto(`${BASE_URL}/login`)
  await page.getByLabel('Username').fill(who.username)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Login' }).click()
}

/** A desktop tab (1280×900) signed in as the e2e admin, on /admin once the login has landed there. */
export async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await logIn(page)
  await page.waitForURL(`${BASE_URL}/admin`)
  return page
}

/** The GA4 measurement id e2e/run.ts gives the test server. */
export const GA_ID = process.env.GA_MEASUREMENT_ID ?? 'G-E2ETEST00'

/**
 * A stand-in for Google's gtag.js: it reads dataLayer as gtag.js does (the queue, then every push),
 * records each command as an array in `window.__gtag`, and, like GA, sets its `_ga` cookies once
 * analytics_storage is granted and a measurement id is configured.
 */
const FAKE_GTAG = `(() => {
  const calls = (window.__gtag = [])
  const dl = (window.dataLayer = window.dataLayer || [])
  let granted = false
  let id = null
  const record = (args) => {
    const call = JSON.parse(JSON.stringify(Array.from(args)))
    calls.push(call)
    if (call[0] === 'consent') granted = call[2].analytics_storage === 'granted' || (granted && !call[2].analytics_storage)
    if (call[0] === 'config') id = call[1]
    if (granted && id && !window['ga-disable-' + id]) {
      document.cookie = '_ga=GA1.1.1.1; path=/; max-age=63072000'
      document.cookie = '_ga_' + id.slice(2) + '=GS1.1.1; path=/; max-age=63072000'
    }
  }
  dl.forEach(record)
  dl.push = (...items) => (items.forEach(record), Array.prototype.push.apply(dl, items))
})()`

/**
 * Nothing leaves this machine: gtag.js is answered with FAKE_GTAG, and any other outside origin is
 * refused (partners' `*.example` sites are left to each test's own route). Returns every outside URL
 * the pages asked for, gtag.js included, in order.
 */
export async function fakeGoogle(context: BrowserContext): Promise<string[]> {
  const outside: string[] = []
  const origin = new URL(BASE_URL).origin
  // routes registered later are tried first: the catch-all, then gtag.js
  await context.route(
    (url) => url.origin !== origin && !url.hostname.endsWith('.example'),
    (route) => {
      outside.push(route.request().url())
      return route.abort()
    },
  )
  await context.route(/^https:\/\/www\.googletagmanager\.com\/gtag\/js\?/, (route) => {
    outside.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_GTAG })
  })
  return outside
}

/** Answers the consent banner. */
export async function answerConsent(page: Page, answer: 'Accept analytics' | 'Reject' = 'Accept analytics') {
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: answer }).click()
}

/**
 * One browser for a test file, and the errors its pages report (uncaught exceptions, console errors,
 * CSP violations through `watch`): each test ends by asserting there were none (`expected` filters out
 * errors a test provokes on purpose, such as the 404 answer itself). Call at the top of a file.
 */
export function useBrowser(opts: { expected?: RegExp } = {}) {
  const state = { browser: null as unknown as Browser, errors: [] as string[] }
  beforeAll(async () => {
    state.browser = await launchBrowser()
  })
  afterAll(async () => {
    await state.browser?.close()
  })
  beforeEach(() => {
    state.errors = []
  })
  afterEach(() => {
    expect(state.errors.filter((e) => !opts.expected?.test(e))).toEqual([])
  })
  return {
    get browser() {
      return state.browser
    },
    get errors() {
      return state.errors
    },
    /** Records a page's uncaught exceptions and console errors. */
    watch(page: Page) {
      page.on('pageerror', (e) => state.errors.push(String(e)))
      page.on('console', (m) => m.type() === 'error' && state.errors.push(m.text()))
      return page
    },
  }
}

/**
 * An admin's API and a browser for a suite that makes its own posts: signs in and launches Chromium before the suite, and deletes (to the Trash) every
 * post whose id it pushed to `created` after it: the suites share one store, and later files count the demo's articles.
 */
export function useAdminApi() {
  const state = { token: '', created: [] as string[], browser: null as unknown as Browser }
  const api = (path: string, init: RequestInit = {}) => fetch(`${BASE_URL}${path}`, { ...init, headers: { authorization: `Bearer ${state.token}`, 'content-type': 'application/json', ...(init.headers ?? {}) } })
  beforeAll(async () => {
    state.token = (await (await fetch(`${BASE_URL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()).accessToken
    state.browser = await launchBrowser()
  })
  afterAll(async () => {
    await state.browser?.close()
    for (const id of state.created) await api(`/api/posts/${id}`, { method: 'DELETE' })
  })
  return {
    api,
    created: state.created,
    /** Chromium for the suite (launched before it, closed after it) */
    get browser() {
      return state.browser
    },
  }
}
