import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, adminPage, BASE_URL, launchBrowser, logIn } from './browser.ts'

/**
 * Issue 22 in the browser: an admin adds an author profile, an editor credits an article to them, and
 * the article's byline links the author's page, which lists the article and says who they are (Person
 * JSON-LD). The demo's profiles (Maya Chen, Daniel Okafor) serve the raw-HTML checks.
 */
let browser: Browser
let token: string
const run = Date.now().toString(36)
const name = `Priya Nair ${run}`
const slug = `priya-nair-${run}`
const title = `Credited article ${run}`
const articleSlug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
const editor = { username: `authors_ed_${run}`, password: 'an editor password' }
// a real 1×1 PNG, uploaded as the profile's photo
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

const api = (method: string, path: string, body?: unknown) =>
  fetch(BASE_URL + path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) })
const html = async (path: string) => {
  const res = await fetch(BASE_URL + path, { redirect: 'manual' })
  return { status: res.status, location: res.headers.get('location'), text: await res.text() }
}
/** The page's JSON-LD blocks, parsed: what a search engine reads. */
const jsonLd = (text: string) => [...text.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

beforeAll(async () => {
  token = (await (await fetch(`${BASE_URL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()).accessToken
  expect((await api('POST', '/api/users', { ...editor, role: 'editor' })).status).toBe(201)
  browser = await launchBrowser()
})
afterAll(async () => {
  // the suite shares one store: later files count the demo's articles
  await api('DELETE', `/api/posts/${articleSlug}`)
  const { authors } = await (await api('GET', '/api/authors')).json()
  for (const a of authors.filter((a: { slug: string }) => a.slug === slug)) await api('DELETE', `/api/authors/${a._id}`)
  await browser?.close()
})

describe('authors, from the admin to the article (Chromium, issue 22)', () => {
  it('an admin adds an author with a photo, topics, bio and a link in the Authors tab', async () => {
    const page = await adminPage(browser)
    await page.getByRole('tab', { name: 'Authors' }).click()
    await page.waitForURL(`${BASE_URL}/admin?tab=authors`)
    await page.getByRole('button', { name: '+ Add author' }).click()
    const form = page.getByRole('form', { name: 'Add author' })
    await form.getByLabel('Name', { exact: true }).fill(name)
    await form.getByLabel('URL slug').fill(slug)
    await form.getByLabel('Upload a photo').setInputFiles({ name: 'priya.png', mimeType: 'image/png', buffer: PNG })
    await expect.poll(() => form.locator('img.author-photo-preview').getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    await form.getByLabel('Writes about').fill('Poker, Live casino')
    await form.locator('textarea[name="bio"]').fill('Priya tests live casino tables.\n\nShe has covered poker since 2016.')
    await form.getByRole('button', { name: '+ Add link' }).click()
    await form.locator('input[name="links.0.label"]').fill('Personal site')
    await form.locator('input[name="links.0.url"]').fill('https://priya.example/')
    await form.getByRole('button', { name: 'Add', exact: true }).click()
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1)
    // the form stays on the saved profile: its next save is an update
    expect(await page.getByRole('form', { name: 'Edit author' }).getByRole('button', { name: 'Update' }).count()).toBe(1)
    const row = page.getByTestId('author-row').filter({ hasText: name })
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.innerText()).toContain('No posts yet')
    await page.context().close()
  })

  it('an editor has no Authors tab, and picks the new author (and a demo reviewer) on an article', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    await logIn(page, editor)
    await page.waitForURL(`${BASE_URL}/admin`)
    await page.getByRole('tab', { name: 'Articles', exact: true }).click()
    expect(await page.getByRole('tab', { name: 'Authors' }).count()).toBe(0)
    const form = page.getByRole('form', { name: 'Add article' })
    await form.getByLabel('Title', { exact: true }).fill(title)
    await form.getByLabel('Description').fill('Credited by the end-to-end test.')
    const author = form.locator('select[name="authorId"]')
    await expect.poll(() => author.locator('option').allTextContents()).toContain(name)
    await author.selectOption({ label: name })
    // with a profile chosen, the byline's free-text name is not asked for
    expect(await form.locator('input[name="meta.author"]').count()).toBe(0)
    await form.locator('select[name="reviewerId"]').selectOption({ label: 'Maya Chen' })
    await form.getByRole('button', { name: 'Add', exact: true }).click()
    // no body text or image: Add asks before it publishes (issue 32), and the test means it
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publish anyway' }).click()
    await expect.poll(() => page.getByTestId('post-row').filter({ hasText: title }).count()).toBe(1)
    await page.context().close()
  })

  it('the article shows the byline linking the author page, which lists the article (1280 and 390 px)', async () => {
    for (const width of [1280, 390]) {
      const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage()
      await page.goto(`${BASE_URL}/article/${articleSlug}`)
      const byline = page.locator('p.byline')
      expect(await byline.innerText()).toMatch(new RegExp(`^By ${name} · Published \\d{1,2} \\w+ \\d{4} · Reviewed by Maya Chen$`))
      expect(await byline.getByRole('link', { name: 'Maya Chen' }).getAttribute('href')).toBe('/author/maya-chen')
      const link = byline.getByRole('link', { name })
      expect(await link.getAttribute('rel')).toBe('author')
      expect(await noSidewaysScroll(page)).toBe(true)

      await link.click()
      await page.waitForURL(`${BASE_URL}/author/${slug}`)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name)
      expect(await page.getByRole('list', { name: 'Writes about' }).getByRole('listitem').allTextContents()).toEqual(['Poker', 'Live casino'])
      expect(await page.locator('.author-bio p').allTextContents()).toEqual(['Priya tests live casino tables.', 'She has covered poker since 2016.'])
      expect(await page.getByRole('link', { name: 'Personal site' }).getAttribute('rel')).toBe('me noopener')
      const photo = page.locator('img.author-photo')
      expect(await photo.getAttribute('alt')).toBe(`Photo of ${name}`)
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
      const articles = page.getByRole('region', { name: `Articles by ${name}` })
      expect(await articles.getByRole('link', { name: title }).count()).toBeGreaterThan(0)
      expect(await noSidewaysScroll(page)).toBe(true)
      await page.context().close()
    }
  })

  it("the author page's Person is the article's author in JSON-LD, and the page is in the sitemap", async () => {
    const page = await html(`/author/${slug}`)
    expect(page.status).toBe(200)
    const [person, profile] = jsonLd(page.text)
    expect(person).toMatchObject({ '@type': 'Person', '@id': `${BASE_URL}/author/${slug}#person`, name, url: `${BASE_URL}/author/${slug}`, sameAs: ['https://priya.example/'], knowsAbout: ['Poker', 'Live casino'] })
    expect(person.image).toMatch(new RegExp(`^${BASE_URL}/media/[0-9a-f]{32}-1x1\\.png$`))
    expect(profile).toMatchObject({ '@type': 'ProfilePage', mainEntity: { '@id': person['@id'] } })
    const article = jsonLd((await html(`/article/${articleSlug}`)).text).find((d) => d['@type'] === 'Article')
    expect(article.author).toEqual({ '@type': 'Person', '@id': person['@id'], name, url: person.url })
    expect((await html('/sitemap-authors-1.xml')).text).toContain(`<loc>${BASE_URL}/author/${slug}</loc>`)
  })

  it('the admin cannot delete an author an article names: the reason is shown and the profile stays', async () => {
    const page = await adminPage(browser)
    page.on('dialog', (d) => void d.accept())
    await page.getByRole('tab', { name: 'Authors' }).click()
    const row = page.getByTestId('author-row').filter({ hasText: name })
    await expect.poll(() => row.innerText()).toContain('Author of 1 post')
    await row.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => page.locator('p.form-error[role="alert"]').textContent()).toBe(`${name} is the author of 1 post ("${title}"): choose another author or reviewer on them first`)
    expect(await row.count()).toBe(1)
    expect((await html(`/author/${slug}`)).status).toBe(200)
    await page.context().close()
  })
})

describe('author pages, server-rendered (the demo profiles)', () => {
  it('/author/maya-chen holds who she is and her articles before any JavaScript; pages have one URL each', async () => {
    const page = await html('/author/maya-chen')
    expect(page.status).toBe(200)
    expect(page.text).toMatch(/<h1 id="author-heading">Maya Chen<\/h1>/)
    expect(page.text).toContain('<title>Maya Chen: articles and profile | GameWise</title>')
    expect(page.text).toContain(`<link rel="canonical" href="${BASE_URL}/author/maya-chen"/>`)
    expect(page.text).toMatch(/<a [^>]*href="\/article\/how-to-read-a-casino-bonus"/)
    expect(jsonLd(page.text).map((d) => d['@type'])).toEqual(['Person', 'ProfilePage', 'BreadcrumbList'])
    expect(await html('/author/maya-chen/page/1')).toMatchObject({ status: 301, location: expect.stringMatching(/\/author\/maya-chen$/) })
  })

  it('an unknown, malformed or past-the-end author page is the 404 page', async () => {
    for (const path of ['/author/no-such-person', '/author/Maya-Chen', '/author/maya--chen', '/author/maya-chen/page/99', '/author/maya-chen/page/x']) {
      const page = await html(path)
      expect(page.status, path).toBe(404)
      expect(page.text, path).toContain('Page not found.')
    }
  })

  it("a demo article's byline links both demo profiles", async () => {
    const { text } = await html('/article/rtp-explained')
    const byline = text.slice(text.indexOf('<p class="meta byline'), text.indexOf('</p>', text.indexOf('<p class="meta byline')))
    expect(byline).toContain('<a href="/author/daniel-okafor" rel="author">Daniel Okafor</a>')
    // the label comes from the page's message catalog: React may put a comment between it and the link
    expect(byline.replaceAll('<!-- -->', '')).toContain('Reviewed by <a href="/author/maya-chen">Maya Chen</a>')
  })
})
