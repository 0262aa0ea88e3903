import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminPage, BASE_URL, launchBrowser } from './browser.ts'

// a real 2×2 PNG, uploaded through the file input
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64')

let browser: Browser
let page: Page
const title = `E2E Guide ${Date.now().toString(36)}`
const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')

beforeAll(async () => {
  browser = await launchBrowser()
  page = await adminPage(browser)
})
afterAll(async () => {
  await browser?.close()
})

const form = () => page.getByRole('form', { name: /(Add|Edit) article/ })

describe('content admin (Chromium, logged in as admin)', () => {
  it('creates an article with an uploaded image, shown on / and at /article/{id}', async () => {
    await page.getByRole('tab', { name: 'Articles', exact: true }).click()
    await form().getByLabel('Title', { exact: true }).fill(title)
    await form().getByLabel('Description').fill('Written by the end-to-end test.')
    await form().getByLabel('Upload image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG })
    await expect.poll(() => page.getByAltText('Selected').getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    await form().getByRole('button', { name: '+ Add summary point' }).click()
    await form().getByLabel('Point title').fill('Point one')
    await form().getByLabel('Point text').fill('The first point.')
    await form().getByRole('button', { name: 'Add', exact: true }).click()
    // no body text yet: Add asks before it publishes (issue 32), and the test means it
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publish anyway' }).click()
    await expect.poll(() => page.getByTestId('post-row').filter({ hasText: title }).count()).toBe(1)

    const home = await (await fetch(`${BASE_URL}/`)).text()
    expect(home).toContain(title)
    const article = await browser.newPage()
    await article.goto(`${BASE_URL}/article/${slug}`)
    expect(await article.getByRole('heading', { level: 1 }).textContent()).toBe(title)
    const src = await article.locator('img.article-image').getAttribute('src')
    expect(src).toMatch(/^\/media\/[0-9a-f]{32}-2x2\.png$/)
    const img = await fetch(`${BASE_URL}${src}`)
    expect(img.headers.get('content-type')).toBe('image/png')
    await article.close()
  })

  it('edits it', async () => {
    await page.getByTestId('post-row').filter({ hasText: title }).getByRole('button', { name: 'Edit' }).click()
    await form().getByLabel('Tags').fill('Reviews') // a tag still being typed is saved with the form (issue 25)
    await form().getByLabel('Title', { exact: true }).fill(`${title} (edited)`)
    await form().getByRole('button', { name: 'Update' }).click()
    await expect.poll(() => page.getByTestId('post-row').filter({ hasText: `${title} (edited)` }).count()).toBe(1)
    const html = await (await fetch(`${BASE_URL}/article/${slug}`)).text()
    expect(html).toContain(`${title} (edited)`)
  })

  it('generates a body with 3 sections from the AI provider, into the form only', async () => {
    await page.getByTestId('post-row').filter({ hasText: title }).getByRole('button', { name: 'Edit' }).click()
    await form().getByLabel('Sections').selectOption('3')
    await form().getByRole('button', { name: 'AI Generate' }).click()
    await expect.poll(() => form().getByTestId('section-editor').count()).toBe(3)
    expect(await form().getByTestId('section-editor').first().getByLabel('Headline').inputValue()).toBe('Generated section 1')
    const html = await (await fetch(`${BASE_URL}/article/${slug}`)).text()
    expect(html).not.toContain('Generated section 1') // nothing published until saved
    await form().getByRole('button', { name: 'Update' }).click()
    await expect.poll(async () => (await (await fetch(`${BASE_URL}/article/${slug}`)).text()).includes('Generated section 3')).toBe(true)
  })

  it('picks an image from the search panel', async () => {
    await page.getByTestId('post-row').filter({ hasText: title }).getByRole('button', { name: 'Edit' }).click()
    await form().getByRole('button', { name: 'Search Images' }).click()
    const panel = page.getByTestId('image-panel')
    // the query is the title, which matches the image uploaded with this article (alt text)
    await expect.poll(() => panel.getByRole('img').count()).toBeGreaterThan(0)
    await panel.getByRole('button').filter({ has: page.getByRole('img') }).first().click()
    expect(await panel.count()).toBe(0)
    const picked = await form().getByAltText('Selected').getAttribute('src')
    expect(picked).toMatch(/^\/(media|demo)\//)
    await form().getByRole('button', { name: 'Update' }).click()
    await expect.poll(async () => (await (await fetch(`${BASE_URL}/article/${slug}`)).text()).includes(`src="${picked}"`)).toBe(true)
  })

  it('deletes it through the confirmation', async () => {
    let asked = ''
    page.once('dialog', (d) => {
      asked = d.message()
      void d.accept()
    })
    await page.getByTestId('post-row').filter({ hasText: title }).getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => page.getByTestId('post-row').filter({ hasText: title }).count()).toBe(0)
    // the row's title was edited above: the question names the post as it now is
    expect(asked).toBe(`Delete this article?\n\n“${title} (edited)” (${slug})\n\nIt moves to the Trash (in this admin), where it can be restored for 30 days.`)
    expect((await fetch(`${BASE_URL}/article/${slug}`)).status).toBe(404)
    expect(await (await fetch(`${BASE_URL}/`)).text()).not.toContain(title)
  })
})
