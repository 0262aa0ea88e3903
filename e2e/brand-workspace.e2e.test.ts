import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, BASE_URL, launchBrowser, logIn } from './browser.ts'

/**
 * Issue 32 in the browser: the brand admin at parity (the brand being edited has an address that reload and
 * Back reopen; "← Back" asks before typed text is dropped; "Saved" names the brand and links to it), and
 * the posts' Trash (a deleted post 404s publicly at once, and Restore brings it back). Each test makes its
 * own brand page or article through the API: the suites share one store.
 * E2E_SHOTS_DIR: where to write screenshots of /adminmarket at 1280 and 390 px (for a person to look at).
 */
let browser: Browser
let token = ''
const run = Date.now().toString(36)
const brands: string[] = []
const posts: string[] = []
const api = (path: string, init: RequestInit = {}) => fetch(`${BASE_URL}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } })
// the machine is shared: a list reload or a save may take longer than expect.poll's default second
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 })
const shots = process.env.E2E_SHOTS_DIR
if (shots) mkdirSync(shots, { recursive: true })

beforeAll(async () => {
  browser = await launchBrowser()
  token = (await (await fetch(`${BASE_URL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()).accessToken
})
afterAll(async () => {
  await browser?.close()
  for (const id of brands) await api(`/api/brands/${id}`, { method: 'DELETE' })
  for (const id of posts) {
    await api(`/api/posts/${id}`, { method: 'DELETE' })
    await api(`/api/posts/trash/${id}`, { method: 'DELETE' })
  }
})

async function newBrand(name: string): Promise<string> {
  const form = new FormData()
  form.set('brandName', name)
  form.set('campaignType', 'App - Install')
  form.set('tagline', 'A tagline from the API.')
  const res = await api('/api/brands', { method: 'POST', body: form })
  expect(res.status, await res.clone().text()).toBeLessThan(300)
  const id = (await res.json())._id as string
  brands.push(id)
  return id
}

async function editorAt(width: number, path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage()
  await logIn(page)
  await page.waitForURL(`${BASE_URL}/admin`)
  await page.goto(`${BASE_URL}${path}`)
  return page
}
const brandForm = (page: Page) => page.getByRole('form', { name: /Brand Page/ })
const heading = (page: Page, name: string) => brandForm(page).getByRole('heading', { name })

describe('the brand admin at parity (issue 32)', () => {
  for (const width of [1280, 390]) {
    it(`a brand being edited survives reload and Back; "← Back" asks before typed text goes; "Saved" names it and links to it (${width} px)`, async () => {
      const name = `Parity Brand ${width} ${run}`
      const id = await newBrand(name)
      const page = await editorAt(width, '/adminmarket')
      await page.getByTestId('brand-row').filter({ hasText: name }).getByRole('button', { name: 'Edit' }).click()
      await page.waitForURL(`${BASE_URL}/adminmarket?edit=${id}`)
      await heading(page, 'Edit Brand Page').waitFor()

      await page.reload()
      await heading(page, 'Edit Brand Page').waitFor()
      await poll(() => brandForm(page).getByLabel('Brand Name').inputValue()).toBe(name)

      await page.goBack()
      await page.waitForURL(`${BASE_URL}/adminmarket`)
      await heading(page, 'Add New Brand Page').waitFor()
      await page.goForward()
      await page.waitForURL(`${BASE_URL}/adminmarket?edit=${id}`)
      await heading(page, 'Edit Brand Page').waitFor()
      await poll(() => brandForm(page).getByLabel('Brand Name').inputValue()).toBe(name)

      // typed text: the page's own "← Back" asks; staying keeps the brand and the text
      const tagline = `A tagline typed at ${width} px (${run}).`
      await brandForm(page).getByLabel('Tagline').fill(tagline)
      let asked = ''
      page.once('dialog', (d) => {
        asked = d.message()
        void d.dismiss()
      })
      await page.getByRole('button', { name: '← Back' }).click()
      await poll(() => asked).toBe(`You have unsaved changes to “${name}”. Leave without saving them?`)
      expect(page.url()).toBe(`${BASE_URL}/adminmarket?edit=${id}`)
      expect(await brandForm(page).getByLabel('Tagline').inputValue()).toBe(tagline)

      // the typed text is kept in this browser: after a reload it is offered back
      await poll(() => page.evaluate((key) => localStorage.getItem(key) !== null, `gamewise:unsaved:brand:${id}`)).toBe(true)
      const onDialog = (d: import('playwright-core').Dialog) => void d.accept() // the browser's own "Leave site?", if it asks
      page.on('dialog', onDialog)
      await page.reload()
      page.off('dialog', onDialog)
      await heading(page, 'Edit Brand Page').waitFor()
      const offer = page.getByTestId('restore-offer')
      await poll(() => offer.textContent()).toContain('Restore unsaved changes from')
      if (shots) await page.screenshot({ path: `${shots}/adminmarket-restore-${width}.png` })
      await offer.getByRole('button', { name: 'Restore' }).click()
      expect(await brandForm(page).getByLabel('Tagline').inputValue()).toBe(tagline)

      // Update: the form returns to Add (spec §7), and "Saved" names the brand with its links
      await brandForm(page).getByRole('button', { name: 'Update' }).click()
      const saved = page.getByTestId('brand-saved-notice')
      await poll(() => saved.textContent()).toBe(`Saved “${name}”. View its page · Edit it again`)
      await heading(page, 'Add New Brand Page').waitFor()
      await page.waitForURL(`${BASE_URL}/adminmarket`)
      const box = (await saved.boundingBox())!
      expect(box.y).toBeGreaterThanOrEqual(0) // in view: the editor sees it without scrolling
      expect(box.y + box.height).toBeLessThanOrEqual(900)
      if (shots) await page.screenshot({ path: `${shots}/adminmarket-saved-${width}.png` })

      const view = saved.getByRole('link', { name: 'View its page' })
      expect(await view.getAttribute('href')).toBe(`/brands/${id}`)
      const [publicPage] = await Promise.all([page.context().waitForEvent('page'), view.click()])
      await publicPage.waitForLoadState()
      expect(await publicPage.getByRole('heading', { level: 1 }).textContent()).toBe(name)
      expect(await publicPage.locator('body').textContent()).toContain(tagline)
      await publicPage.close()

      await saved.getByRole('link', { name: 'Edit it again' }).click()
      await page.waitForURL(`${BASE_URL}/adminmarket?edit=${id}`)
      await heading(page, 'Edit Brand Page').waitFor()
      await poll(() => brandForm(page).getByLabel('Tagline').inputValue()).toBe(tagline)
      if (shots) await page.screenshot({ path: `${shots}/adminmarket-edit-${width}.png` })
      await page.context().close()
    })
  }
})

describe('the posts Trash (issue 32)', () => {
  it('Delete names the post and moves it to the Trash: its page 404s at once; Restore brings it back', async () => {
    const title = `Trash journey ${run}`
    const created = await api('/api/posts/article', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title, description: 'An article the Trash test deletes and restores.', tag: 'Guides', image: '', content: { summary: [], body: [{ headline: 'Body', content: 'Words.', keywords: [], hyperlinks: [], subsections: [] }] } }),
    })
    expect(created.status, await created.clone().text()).toBe(201)
    const slug = (await created.json())._id as string
    posts.push(slug)
    expect((await fetch(`${BASE_URL}/article/${slug}`)).status).toBe(200)

    const page = await editorAt(1280, `/admin?tab=articles`)
    await page.getByLabel('Filter by title').fill(title)
    const row = page.getByTestId('post-row').filter({ hasText: title })
    let asked = ''
    page.once('dialog', (d) => {
      asked = d.message()
      void d.accept()
    })
    await row.getByRole('button', { name: 'Delete' }).click()
    await poll(() => row.count()).toBe(0)
    expect(asked).toBe(`Delete this article?\n\n“${title}” (${slug})\n\nIt moves to the Trash (in this admin), where it can be restored for 30 days.`)
    expect((await fetch(`${BASE_URL}/article/${slug}`)).status).toBe(404)
    expect(await (await fetch(`${BASE_URL}/rss.xml`)).text()).not.toContain(`/article/${slug}`)

    await page.getByRole('tab', { name: 'Trash' }).click()
    await page.waitForURL(`${BASE_URL}/admin?tab=trash`)
    const trashed = page.getByTestId('trash-row').filter({ hasText: title })
    await trashed.waitFor()
    if (shots) {
      await page.screenshot({ path: `${shots}/admin-trash-1280.png` })
      await page.setViewportSize({ width: 390, height: 900 })
      await page.screenshot({ path: `${shots}/admin-trash-390.png`, fullPage: true })
      await page.setViewportSize({ width: 1280, height: 900 })
    }
    expect(await trashed.textContent()).toContain(`by ${ADMIN.username}`)
    await trashed.getByRole('button', { name: 'Restore' }).click()
    const notice = page.getByTestId('restored-notice')
    await poll(() => notice.textContent()).toBe(`“${title}” is back, published. Edit it · View the page`)
    await poll(() => trashed.count()).toBe(0)
    expect((await fetch(`${BASE_URL}/article/${slug}`)).status).toBe(200)
    await notice.getByRole('link', { name: 'Edit it' }).click()
    await page.waitForURL(`${BASE_URL}/admin?tab=articles&post=${slug}`)
    await poll(() => page.getByRole('form', { name: 'Edit article' }).getByLabel('Title', { exact: true }).inputValue()).toBe(title)
    await page.context().close()
  })
})
