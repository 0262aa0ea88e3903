import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ADMIN, BASE_URL, logIn, useAdminApi } from './browser.ts'

/**
 * Issue 25 in the browser, at 1280 and 390 px: an editor writes an article with two paragraphs, bold text,
 * a link and three tags, saves a draft, reloads and is still on it, publishes, and the page and each tag
 * page show it; leaving with unsaved text asks; a too-large image is refused when picked, with the limit
 * named, and can be made smaller; a renamed article's old address answers 301.
 */
const suite = useAdminApi()
const { created } = suite

async function editor(width: number): Promise<Page> {
  const page = await (await suite.browser.newContext({ viewport: { width, height: 900 } })).newPage()
  await logIn(page)
  await page.waitForURL(`${BASE_URL}/admin`)
  await page.getByRole('tab', { name: 'Articles', exact: true }).click()
  await page.waitForURL(`${BASE_URL}/admin?tab=articles`)
  return page
}
const form = (page: Page) => page.getByRole('form', { name: /(Add|Edit) article/ })
const html = async (path: string) => (await fetch(BASE_URL + path)).text()
const run = Date.now().toString(36)

describe("the editors' workspace (Chromium, issue 25)", () => {
  for (const width of [1280, 390]) {
    it(`writes, saves a draft, reloads onto it, publishes; the page and each tag page show it (${width} px)`, async () => {
      const page = await editor(width)
      const title = `Workspace ${width} ${run}`
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
      created.push(slug)
      const tags = [`Strategy ${width}${run}`, `Bankroll ${width}${run}`, `Beginners ${width}${run}`]
      const f = form(page)
      await f.getByLabel('Title', { exact: true }).fill(title)
      // two tags ended by commas, the third still being typed when the form is saved
      await f.getByLabel('Tags', { exact: true }).fill(`${tags[0]}, ${tags[1]},`)
      await f.getByLabel('Tags', { exact: true }).fill(tags[2]!)
      await f.getByRole('button', { name: '+ Add section' }).click()
      const section = f.getByTestId('section-editor').first()
      await section.getByLabel('Headline').fill('How to start')
      await section.getByRole('textbox', { name: 'Content' }).fill('Set a budget with **bold limits** first.\n\nThen read [the RTP guide](/article/rtp-explained) before you play.')
      await f.getByLabel('Description').fill(`How the workspace writes at ${width} px (${run}): paragraphs, bold text, a link and three tags.`)
      // the preview shows what the page will: real elements, not marks
      await section.getByRole('button', { name: 'Preview' }).click()
      const preview = section.locator('.text-preview')
      await expect.poll(() => preview.locator('strong').textContent()).toBe('bold limits')
      expect(await preview.locator('p').count()).toBe(2)
      if (width === 390) {
        // phones: a hyperlink row stacks instead of squeezing its inputs
        await section.getByRole('button', { name: '+ Add hyperlink' }).click()
        const box = await section.getByLabel('Link text').boundingBox()
        expect(box!.width).toBeGreaterThan(250)
        await section.getByRole('button', { name: 'Remove', exact: true }).click()
      }

      await f.getByRole('button', { name: 'Save draft' }).click()
      await expect.poll(() => page.getByTestId('saved-notice').textContent()).toBe('Saved. It is a draft: only editors see it (Preview shows it).')
      await page.waitForURL(`${BASE_URL}/admin?tab=articles&post=${slug}`)
      expect((await fetch(`${BASE_URL}/article/${slug}`)).status).toBe(404) // a draft is on no public page

      await page.reload()
      const again = form(page)
      await expect.poll(() => again.getByLabel('Title', { exact: true }).inputValue()).toBe(title)
      expect(await again.getByRole('list', { name: 'Tags of this article' }).getByRole('listitem').allTextContents()).toEqual(tags.map((t, i) => `${t}${i === 0 ? ' (main tag)' : ''} ×`))
      expect(await again.getByTestId('publish-plan').textContent()).toBe('Update keeps it a draft: only editors see it. Choose Published above to publish it.')

      await again.getByLabel('Status').selectOption('published')
      expect(await again.getByTestId('publish-plan').textContent()).toBe('Update publishes it now: visitors see it at once.')
      await again.getByRole('button', { name: 'Update', exact: true }).click()
      // no image: publishing asks first (issue 32), and the test means it
      await page.getByRole('alertdialog').getByRole('button', { name: 'Publish anyway' }).click()
      await expect.poll(() => page.getByTestId('saved-notice').getByRole('link', { name: 'View the page' }).getAttribute('href')).toBe(`/article/${slug}`)

      const article = await html(`/article/${slug}`)
      expect(article).toContain('<p>Set a budget with <strong>bold limits</strong> first.</p>')
      expect(article).toContain('<p>Then read <a href="/article/rtp-explained">the RTP guide</a> before you play.</p>')
      expect(article).not.toContain('**')
      for (const tag of tags) {
        const tagPage = await html(`/tag/${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`)
        expect(tagPage, tag).toContain(title)
      }
      await page.context().close()
    }, 60_000)
  }

  it('asks before unsaved text is left: another tab, a link (the logo), a reload', async () => {
    const page = await editor(1280)
    await form(page).getByLabel('Title', { exact: true }).fill('Words I have not saved')
    const asked: string[] = []
    page.on('dialog', (d) => {
      asked.push(`${d.type()}: ${d.message()}`)
      void d.dismiss()
    })
    await page.getByRole('tab', { name: 'Hero', exact: true }).click()
    await page.getByRole('link', { name: 'GameWise home' }).click()
    await page.reload({ timeout: 3000 }).catch(() => {}) // dismissed: the page stays
    await expect.poll(() => asked.length).toBe(3)
    expect(asked.slice(0, 2)).toEqual([
      'confirm: You have unsaved changes to “Words I have not saved”. Leave without saving them?',
      'confirm: You have unsaved changes to “Words I have not saved”. Leave without saving them?',
    ])
    expect(asked[2]).toMatch(/^beforeunload/)
    expect(new URL(page.url()).search).toBe('?tab=articles')
    expect(await form(page).getByLabel('Title', { exact: true }).inputValue()).toBe('Words I have not saved')
    await page.context().close()
  })

  it('refuses a too-large image when it is picked, naming the limit, and makes a photo smaller on request', async () => {
    const page = await editor(1280)
    const f = form(page)
    // a real 24-megapixel photo-like PNG (noise does not compress): well over 5 MB
    const big = new Uint8Array(3000 * 2000 * 3)
    for (let i = 0; i < big.length; i += 65536) crypto.getRandomValues(big.subarray(i, Math.min(i + 65536, big.length)))
    const png = await sharp(big, { raw: { width: 3000, height: 2000, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer()
    expect(png.length).toBeGreaterThan(5 * 1024 * 1024)
    await f.getByLabel('Upload image').setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: png })
    const alert = f.getByRole('alert').filter({ hasText: 'holiday.png' })
    await expect.poll(() => alert.textContent()).toMatch(/^“holiday\.png” is [\d.]+ MB; images can be at most 5 MB\./)
    expect(await f.getByAltText('Selected').count()).toBe(0) // nothing taken
    await alert.getByRole('button', { name: 'Make it smaller to fit' }).click()
    await expect.poll(() => f.getByAltText('Selected').getAttribute('src'), { timeout: 20_000 }).toMatch(/^data:image\/jpeg;base64,/)
    const data = (await f.getByAltText('Selected').getAttribute('src'))!
    expect(Buffer.from(data.split(',')[1]!, 'base64').length).toBeLessThanOrEqual(5 * 1024 * 1024)
    await page.context().close()
  }, 60_000)

  it("a renamed article's old address answers 301 to the new one", async () => {
    const { accessToken } = await (await fetch(`${BASE_URL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()
    const send = (method: string, path: string, body: unknown) =>
      fetch(BASE_URL + path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` }, body: JSON.stringify(body) })
    const post = await (await send('POST', '/api/posts/article', { title: `Old address ${run}` })).json()
    expect((await send('PUT', `/api/posts/${post._id}`, { title: `Old address ${run}`, slug: `new-address-${run}` })).status).toBe(200)
    const old = await fetch(`${BASE_URL}/article/${post._id}`, { redirect: 'manual' })
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe(`/article/new-address-${run}`)
    expect((await fetch(`${BASE_URL}/article/new-address-${run}`)).status).toBe(200)
    await fetch(`${BASE_URL}/api/posts/new-address-${run}`, { method: 'DELETE', headers: { authorization: `Bearer ${accessToken}` } })
  })
})
