import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminPage, BASE_URL, launchBrowser } from './browser.ts'

/**
 * Issue 13 in the browser: an editor writes a draft, previews it, compares and restores revisions, and
 * publishes it. (Scheduled publishing across two processes: two-servers.e2e.test.ts.)
 */
let browser: Browser
let page: Page
const title = `Draft desk ${Date.now().toString(36)}`
const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')

beforeAll(async () => {
  browser = await launchBrowser()
  page = await adminPage(browser)
  await page.getByRole('tab', { name: 'Articles', exact: true }).click()
})
afterAll(async () => {
  await browser?.close()
})

const form = () => page.getByRole('form', { name: /(Add|Edit) article/ })
// a label's accessible name includes an embedded textarea's text, so the field is found by its name
const description = () => form().locator('textarea[name="description"]')
const row = () => page.getByTestId('post-row').filter({ hasText: title })
const status = async (path: string) => (await fetch(`${BASE_URL}${path}`)).status

describe('drafts, preview and revisions (Chromium, logged in as admin)', () => {
  it('saves a draft: listed as Draft in the admin, on no public page', async () => {
    await form().getByLabel('Title', { exact: true }).fill(title)
    await description().fill('First words.')
    await form().getByLabel('Status').selectOption('draft')
    await form().getByRole('button', { name: 'Add', exact: true }).click()
    await expect.poll(() => row().count()).toBe(1)
    expect(await row().getByTestId('status-badge').textContent()).toBe('Draft')
    expect(await row().getByRole('link', { name: 'View' }).count()).toBe(0)
    expect(await status(`/article/${slug}`)).toBe(404)
    expect(await (await fetch(`${BASE_URL}/`)).text()).not.toContain(title)
    expect(await (await fetch(`${BASE_URL}/sitemap-articles-1.xml`)).text()).not.toContain(slug)
  })

  it('previews the saved draft in a new tab: the page as it will look, marked, noindex, never cached', async () => {
    await row().getByRole('button', { name: 'Edit' }).click()
    const [preview] = await Promise.all([page.waitForEvent('popup'), form().getByRole('button', { name: 'Preview saved version' }).click()])
    await preview.waitForURL(new RegExp(`/preview/article/${slug}\\?exp=`))
    expect(await preview.getByRole('heading', { level: 1 }).textContent()).toBe(title)
    expect(await preview.getByTestId('preview-banner').textContent()).toMatch(/^Preview \(Draft\)\. Visitors cannot see this page yet\./)
    expect(await preview.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow')
    const res = await fetch(preview.url())
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    // a tampered link shows nothing
    expect((await fetch(preview.url().replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(403)
    await preview.close()
  })

  it('compares two revisions field by field and restores the older one (the status stays)', async () => {
    await description().fill('Second words.')
    await form().getByRole('button', { name: 'Update' }).click()
    // saved: the editor stays on the post (issue 25)
    await expect.poll(() => page.getByTestId('saved-notice').textContent()).toBe('Saved. It is a draft: only editors see it (Preview shows it).')
    await expect.poll(() => form().getByRole('button', { name: 'Update', exact: true }).count()).toBe(1)
    const panel = page.getByTestId('revisions')
    await panel.locator('summary').click()
    await expect.poll(() => panel.getByTestId('revision-row').count()).toBe(2)
    await panel.getByRole('button', { name: 'Show changes' }).click()
    const diff = panel.getByTestId('revision-diff')
    await expect.poll(() => diff.isVisible()).toBe(true)
    // by the field's label, with the changed words marked (issue 25)
    const change = diff.getByTestId('revision-change').filter({ hasText: 'Description' })
    expect(await change.locator('dt').textContent()).toBe('Description')
    expect(await change.locator('del').allTextContents()).toEqual(['First'])
    expect(await change.locator('ins').allTextContents()).toEqual(['Second'])

    page.once('dialog', (d) => void d.accept())
    await panel.getByTestId('revision-row').nth(1).getByRole('button', { name: /^Restore/ }).click()
    await expect.poll(() => description().inputValue()).toBe('First words.')
    await expect.poll(() => panel.getByTestId('revision-row').count()).toBe(3)
    expect(await panel.getByTestId('revision-row').first().textContent()).toContain('Restored')
    expect(await form().getByLabel('Status').inputValue()).toBe('draft')
    expect(await status(`/article/${slug}`)).toBe(404)
  })

  it('publishes it: on the article page and the home page at once', async () => {
    await form().getByLabel('Status').selectOption('published')
    await form().getByRole('button', { name: 'Update' }).click()
    // no body text or image: publishing asks first (issue 32), and the test means it
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publish anyway' }).click()
    await expect.poll(() => row().getByTestId('status-badge').count()).toBe(0)
    expect(await status(`/article/${slug}`)).toBe(200)
    expect(await (await fetch(`${BASE_URL}/`)).text()).toContain(title)
  })

  it('refuses a schedule more than a year ahead with the server\'s message on the field', async () => {
    await row().getByRole('button', { name: 'Edit' }).click()
    await form().getByLabel('Status').selectOption('scheduled')
    const nextYear = new Date(Date.now() + 400 * 24 * 3600_000)
    const local = `${nextYear.getFullYear()}-${String(nextYear.getMonth() + 1).padStart(2, '0')}-${String(nextYear.getDate()).padStart(2, '0')}T09:00`
    await form().getByLabel('Publish at').fill(local)
    await form().getByRole('button', { name: 'Update' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Schedule anyway' }).click()
    // named by the field's label, and said again at the field (issue 25)
    await expect.poll(() => form().getByRole('alert').first().textContent()).toMatch(/^Failed to save article: Publish at: schedule at most a year ahead/)
    expect(await form().getByLabel('Publish at').getAttribute('aria-invalid')).toBe('true')
    expect(await form().locator('.publishing .field-issue').textContent()).toBe('schedule at most a year ahead')
    expect(await status(`/article/${slug}`)).toBe(200) // nothing changed
  })

  it('cleans up', async () => {
    page.on('dialog', (d) => void d.accept()) // leaving the unsaved schedule, then the delete
    await page.getByRole('button', { name: 'Cancel' }).click()
    await row().getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => row().count()).toBe(0)
  })
})
