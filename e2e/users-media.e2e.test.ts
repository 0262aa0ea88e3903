import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, BASE_URL, launchBrowser, logIn } from './browser.ts'

/** Issue 13: an admin manages accounts and the media library in the browser; an editor reaches neither. */
let browser: Browser
let token: string
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}`
const api = (method: string, path: string, body?: unknown) =>
  fetch(BASE_URL + path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) })
// a real 1×1 PNG (browsers ignore bytes after its end), made unique per call: media ids hash the bytes
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const pngDataUrl = (tag: string) => `data:image/png;base64,${Buffer.concat([PNG, Buffer.from(tag)]).toString('base64')}`
const postIds: string[] = []

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  page.on('dialog', (d) => void d.accept()) // confirm() answered yes
  return page
}

beforeAll(async () => {
  token = (await (await fetch(`${BASE_URL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()).accessToken
  browser = await launchBrowser()
})
afterAll(async () => {
  for (const id of postIds) await api('DELETE', `/api/posts/${id}`)
  await browser?.close()
})

describe('Users screen', () => {
  it('an admin adds an editor from the admin, then disables them: their login is refused', async () => {
    const page = await newPage()
    await logIn(page)
    await page.waitForURL(/\/admin$/)
    await page.getByRole('link', { name: 'Users' }).click()
    await page.waitForURL(/\/admin\/users$/)
    const name = unique('ed')
    const form = page.getByRole('form', { name: 'Add user' })
    await form.getByLabel('Username').fill(name)
    await form.getByLabel('Password').fill('an editor password')
    await form.getByLabel('Role').selectOption('editor')
    await form.getByRole('button', { name: 'Add user' }).click()
    const row = page.getByTestId(`user-${name}`)
    await expect.poll(() => row.count()).toBe(1)
    await row.getByRole('button', { name: 'Disable' }).click()
    // the disable is a server round trip: on a busy machine it can take longer than expect.poll's default second
    await expect.poll(() => row.getByText('Disabled').count(), { timeout: 10_000 }).toBe(1)
    const login = await fetch(`${BASE_URL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: name, password: 'an editor password' }) })
    expect(login.status).toBe(403)
    // your own row: no role change, no disable
    const mine = page.getByTestId(`user-${ADMIN.username.toLowerCase()}`)
    expect(await mine.getByLabel(`Role of ${ADMIN.username.toLowerCase()}`).isDisabled()).toBe(true)
    expect(await mine.getByRole('button', { name: 'Disable' }).count()).toBe(0)
    await page.context().close()
  })

  it('an editor sees no Users or Media link, and the screens say they are for admins', async () => {
    const name = unique('plain_ed')
    expect((await api('POST', '/api/users', { username: name, password: 'an editor password', role: 'editor' })).status).toBe(201)
    const page = await newPage()
    await logIn(page, { username: name, password: 'an editor password' })
    await page.waitForURL(/\/admin$/)
    await page.getByRole('button', { name: 'Go to Admin Market' }).waitFor()
    expect(await page.getByRole('link', { name: 'Users' }).count()).toBe(0)
    await page.goto(`${BASE_URL}/admin/users`)
    await page.getByTestId('admin-only').waitFor()
    expect(await page.getByRole('table').count()).toBe(0)
    await page.context().close()
  })
})

describe('the manager role', () => {
  /** What a signed-in account sees of the revenue imports: the Earnings rates upload and the brand admin's CSV box. */
  async function importControls(who: { username: string; password: string }) {
    const page = await newPage()
    await logIn(page, who)
    await page.waitForURL(/\/admin$/)
    await page.goto(`${BASE_URL}/admin/earnings`)
    await page.locator('#rates').waitFor() // the rates line is there once the screen has loaded
    const rates = await page.getByLabel(/Import rates/).count()
    await page.goto(`${BASE_URL}/adminmarket`)
    await page.getByTestId('brand-row').first().waitFor() // the brand admin has loaded its brands
    const csv = await page.getByRole('heading', { name: /Import a programme’s conversions/ }).count()
    await page.context().close()
    return { rates, csv }
  }

  it('an admin makes an editor a manager on the Users screen: the revenue imports appear for them, and go when the role is taken back', async () => {
    const who = { username: unique('mgr'), password: 'a manager password' }
    expect((await api('POST', '/api/users', { ...who, role: 'editor' })).status).toBe(201)
    expect(await importControls(who)).toEqual({ rates: 0, csv: 0 })
    const page = await newPage()
    await logIn(page)
    await page.waitForURL(/\/admin$/)
    await page.goto(`${BASE_URL}/admin/users`)
    await page.getByTestId('role-help').getByText(/importing programmes' conversions and exchange rates/).waitFor()
    await page.getByLabel(`Role of ${who.username}`).selectOption('manager')
    await expect.poll(() => page.getByRole('status').filter({ hasText: `${who.username} is now manager` }).count(), { timeout: 10_000 }).toBe(1)
    expect(await importControls(who)).toEqual({ rates: 1, csv: 1 })
    await page.getByLabel(`Role of ${who.username}`).selectOption('editor') // a demotion, confirmed
    await expect.poll(() => page.getByRole('status').filter({ hasText: `${who.username} is now editor` }).count(), { timeout: 10_000 }).toBe(1)
    await page.context().close()
    expect(await importControls(who)).toEqual({ rates: 0, csv: 0 })
  })
})

describe('Media library screen', () => {
  it('shows where an image is used, and deletes one nothing uses any more', async () => {
    const title = unique('Media e2e')
    const created = await (await api('POST', '/api/posts/article', { title, image: pngDataUrl(unique('first')), imageAlt: 'First image' })).json()
    postIds.push(created._id)
    const firstUrl: string = created.image
    // re-imaging the post: the first image stays in use by the post's first revision (a restore brings it back)
    const updated = await (await api('PUT', `/api/posts/${created._id}`, { title, image: pngDataUrl(unique('second')), imageAlt: 'Second image' })).json()
    const firstId = firstUrl.split('/').pop()!
    const secondId = String(updated.image).split('/').pop()!

    const page = await newPage(390) // a phone
    await logIn(page)
    await page.waitForURL(/\/admin$/)
    await page.getByRole('link', { name: 'Media library' }).click()
    const used = page.getByTestId(`media-${secondId}`)
    await used.waitFor()
    expect(await used.getByRole('list', { name: 'Used by' }).innerText()).toBe(`Post: ${title}`)
    expect(await used.getByRole('button', { name: 'Delete' }).count()).toBe(0)
    await expect.poll(() => used.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

    const kept = page.getByTestId(`media-${firstId}`)
    expect(await kept.getByRole('list', { name: 'Used by' }).innerText()).toBe(`Revision: ${title}`)
    expect(await kept.getByRole('button', { name: 'Delete' }).count()).toBe(0)

    // once the post is gone for good (out of the Trash too, its revisions with it), the first image is unused and can be deleted
    expect((await api('DELETE', `/api/posts/${created._id}`)).status).toBe(200)
    expect((await api('DELETE', `/api/posts/trash/${created._id}`)).status).toBe(200)
    postIds.splice(postIds.indexOf(created._id), 1)
    await page.reload()
    await page.getByLabel(/Only unused images/).check()
    const unused = page.getByTestId(`media-${firstId}`)
    await unused.waitFor()
    await unused.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => unused.count()).toBe(0)
    expect((await fetch(`${BASE_URL}/media/${firstId}`)).status).toBe(404)
    await page.context().close()
  })
})
