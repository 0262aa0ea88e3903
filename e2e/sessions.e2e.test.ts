import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, BASE_URL, useBrowser } from './browser.ts'

/**
 * A signed-in editor's browser session, not one tab's: a new tab and a reload stay signed in; signing in
 * from a link lands on the address the link named (and never on another site); the admin screens carry no
 * visitor consent banner; the post editor's small things (slug as typed, Ctrl/Cmd+S, focus after a save).
 */
// a refused save (409, a taken slug) is the browser's console error, provoked on purpose
const b = useBrowser({ expected: /status of 409/ })
const run = Date.now().toString(36)
let token = ''
const created: string[] = []
const api = (method: string, path: string, body?: unknown) =>
  fetch(BASE_URL + path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) })

let postId = ''
const postTitle = `Session link ${run}`
beforeAll(async () => {
  token = (await (await fetch(`${BASE_URL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()).accessToken
  const post = await (await api('POST', '/api/posts/article', { title: postTitle, status: 'draft' })).json()
  postId = post._id
  created.push(postId)
})
afterAll(async () => {
  for (const id of created) await api('DELETE', `/api/posts/${id}`)
})

const postPath = () => `/admin?tab=articles&post=${postId}`
const form = (page: Page) => page.getByRole('form', { name: /(Add|Edit) article/ })

async function newContext(): Promise<BrowserContext> {
  const context = await b.browser.newContext({ viewport: { width: 1280, height: 900 } })
  context.on('page', (p) => b.watch(p))
  return context
}

async function signIn(page: Page) {
  await page.getByLabel('Username').fill(ADMIN.username)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Login' }).click()
}

/** A signed-in tab, through the login form. */
async function signedIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${BASE_URL}/login`)
  await signIn(page)
  await page.waitForURL(`${BASE_URL}/admin`)
  await page.getByRole('heading', { name: 'Admin Panel', exact: true }).waitFor()
  return page
}

describe('an editor stays signed in for the browser session', () => {
  it('a new tab opens a linked post without a login, and a reload keeps the session', async () => {
    const context = await newContext()
    await signedIn(context)
    const tab = await context.newPage()
    await tab.goto(BASE_URL + postPath())
    await expect.poll(() => form(tab).getByLabel('Title', { exact: true }).inputValue().catch(() => '')).toBe(postTitle)
    expect(tab.url()).toBe(BASE_URL + postPath())

    await tab.reload()
    await expect.poll(() => form(tab).getByLabel('Title', { exact: true }).inputValue().catch(() => '')).toBe(postTitle)
    expect(tab.url()).toBe(BASE_URL + postPath())
    // the refresh credential is no script's to read: nothing of it in either storage
    const stored = await tab.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))
    expect(stored).not.toMatch(/refresh/i)
    await context.close()
  })

  it('logout ends it in every tab: a new tab asks for a login', async () => {
    const context = await newContext()
    const page = await signedIn(context)
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL(/\/login/)
    const tab = await context.newPage()
    await tab.goto(`${BASE_URL}/admin`)
    await tab.waitForURL(/\/login/)
    await context.close()
  })
})

describe('signing in returns to the address asked for', () => {
  it('a new browser (no cookies) must log in, then lands on the linked post', async () => {
    const context = await newContext()
    const page = await context.newPage()
    await page.goto(BASE_URL + postPath())
    await page.waitForURL(/\/login\?next=/)
    expect(new URL(page.url()).searchParams.get('next')).toBe(postPath())
    await signIn(page)
    await page.waitForURL(BASE_URL + postPath())
    await expect.poll(() => form(page).getByLabel('Title', { exact: true }).inputValue().catch(() => '')).toBe(postTitle)
    await context.close()
  })

  for (const path of ['/admin/earnings', '/adminmarket']) {
    it(`lands on ${path} after the login it asked for`, async () => {
      const context = await newContext()
      const page = await context.newPage()
      await page.goto(BASE_URL + path)
      await page.waitForURL(/\/login\?next=/)
      await signIn(page)
      await page.waitForURL(BASE_URL + path)
      await context.close()
    })
  }

  for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
    it(`next=${next} lands on /admin, never on another site`, async () => {
      const context = await newContext()
      await context.route((url) => url.hostname === 'evil.example', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Evil</h1>' }))
      const page = await context.newPage()
      await page.goto(`${BASE_URL}/login?next=${encodeURIComponent(next)}`)
      await signIn(page)
      await page.waitForURL(`${BASE_URL}/admin`)
      await page.getByRole('heading', { name: 'Admin Panel', exact: true }).waitFor()
      expect(new URL(page.url()).origin).toBe(BASE_URL)
      await context.close()
    })
  }
})

describe('admin screens', () => {
  it('show no visitor consent banner (the login, /admin, /adminmarket); a public page does', async () => {
    const context = await newContext()
    const page = await context.newPage()
    const banner = page.getByRole('region', { name: 'Cookie consent' })
    await page.goto(BASE_URL)
    await banner.waitFor() // the control: a visitor is asked
    await page.goto(`${BASE_URL}/login`)
    await page.getByRole('button', { name: 'Login' }).waitFor()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined || document.readyState === 'complete')
    await page.waitForTimeout(300)
    expect(await banner.count()).toBe(0)
    await signIn(page)
    await page.waitForURL(`${BASE_URL}/admin`)
    await page.getByRole('heading', { name: 'Admin Panel', exact: true }).waitFor()
    expect(await banner.count()).toBe(0)
    await page.goto(`${BASE_URL}/adminmarket`)
    await page.getByRole('form', { name: 'Add New Brand Page' }).waitFor()
    expect(await banner.count()).toBe(0)
    await context.close()
  })
})

describe('the post editor', () => {
  it('turns spaces typed in the URL slug into hyphens as they are typed', async () => {
    const context = await newContext()
    const page = await signedIn(context)
    await page.goto(`${BASE_URL}/admin?tab=articles`)
    const slug = form(page).getByLabel('URL slug')
    await slug.pressSequentially('Hollow Knight Speedrun')
    expect(await slug.inputValue()).toBe('hollow-knight-speedrun')
    await context.close()
  })

  it('Ctrl+S saves the open post wherever focus is, keeping focus and scroll where they were', async () => {
    const context = await newContext()
    const page = await signedIn(context)
    await page.goto(BASE_URL + postPath())
    const description = form(page).getByLabel('Description')
    await expect.poll(() => form(page).getByLabel('Title', { exact: true }).inputValue().catch(() => '')).toBe(postTitle)

    // focus in a field: saved, and the editor is still in that field, at the same place on the screen
    await description.fill(`Saved with Ctrl+S (${run})`)
    await description.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    const before = { y: await page.evaluate(() => window.scrollY), top: (await description.boundingBox())!.y }
    await page.keyboard.press('Control+s')
    await page.getByTestId('saved-notice').waitFor()
    await expect.poll(async () => (await (await api('GET', `/api/posts/${postId}`)).json()).description).toBe(`Saved with Ctrl+S (${run})`)
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('description')
    expect(Math.abs((await description.boundingBox())!.y - before.top)).toBeLessThan(4)
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)

    // focus outside the form (on the page itself): Ctrl+S still saves the open form
    await description.fill(`Saved from outside the form (${run})`)
    await page.getByRole('heading', { name: 'Admin Panel', exact: true }).click()
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
    await page.keyboard.press('Control+s')
    await expect.poll(async () => (await (await api('GET', `/api/posts/${postId}`)).json()).description).toBe(`Saved from outside the form (${run})`)
    await context.close()
  })

  it('a refused save puts focus on the first bad field and says why beside the buttons', async () => {
    const context = await newContext()
    const page = await signedIn(context)
    await page.goto(`${BASE_URL}/admin?tab=articles`)
    const f = form(page)
    await f.getByLabel('Title', { exact: true }).fill(`Taken slug ${run}`)
    await f.getByLabel('URL slug').fill(postId) // another article's address
    await f.getByRole('button', { name: 'Save draft' }).click()
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('slug')
    await expect.poll(() => f.locator('.form-actions').textContent()).toMatch(/URL slug: is taken by another article/)
    await context.close()
  })
})

describe('the brand form', () => {
  it('Ctrl+S saves the open brand wherever focus is', async () => {
    // a brand of its own, a draft: the demo brands stay as other files expect them
    const brandName = `Session Brand ${run}`
    const fields = { brandName, campaignType: 'App - Install', status: 'draft', bonusCondition: '35x' }
    const body = new FormData()
    for (const [k, v] of Object.entries(fields)) body.append(k, v)
    const created = await fetch(`${BASE_URL}/api/brands`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body })
    expect(created.status).toBe(201)
    const brandId = (await created.json())._id as string
    try {
      const context = await newContext()
      const page = await signedIn(context)
      await page.goto(`${BASE_URL}/adminmarket`)
      await page.getByRole('row').filter({ hasText: brandName }).first().getByRole('button', { name: 'Edit' }).click()
      const f = page.getByRole('form', { name: 'Edit Brand Page' })
      await f.getByLabel('Bonus Condition').fill(`Wagering 30x (${run})`)
      await page.getByRole('heading', { name: 'Admin Panel', exact: true }).click()
      await page.keyboard.press('Control+s')
      await expect.poll(async () => (await (await api('GET', `/api/brands/${brandId}/edit`)).json()).bonusCondition).toBe(`Wagering 30x (${run})`)
      await context.close()
    } finally {
      await api('DELETE', `/api/brands/${brandId}`)
    }
  })
})
