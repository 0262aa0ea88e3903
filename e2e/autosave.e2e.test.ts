import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, BASE_URL, launchBrowser, logIn } from './browser.ts'

/**
 * Drafts follow the editor, in Chromium: text typed into a draft in one browser context saves itself to
 * the server and is there when the post opens in another context (a new one, signed in as the same
 * editor); a live post's autosave leaves the page alone and is offered in the other context. The
 * revisions say what each one did, with seconds. Screens at 1280 and 390 px go to AUTOSAVE_SHOTS if set.
 */
let browser: Browser
let token = ''
const created: string[] = []
const run = Date.now().toString(36)
const shots = process.env.AUTOSAVE_SHOTS
beforeAll(async () => {
  browser = await launchBrowser()
  token = (await (await fetch(`${BASE_URL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()).accessToken
  if (shots) mkdirSync(shots, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
  for (const id of created) await fetch(`${BASE_URL}/api/posts/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })
})

const api = (path: string, init: RequestInit = {}) => fetch(`${BASE_URL}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } })
async function createPost(slug: string, status: 'draft' | 'published') {
  created.push(slug)
  const body = { title: `Autosave ${slug}`, slug, status, image: '', tag: 'Guides', description: 'First words', content: { summary: [], body: [] }, meta: { author: '', date: '', reviewer: '', readTime: '5 min' } }
  expect((await api('/api/posts/article', { method: 'POST', body: JSON.stringify(body) })).status).toBe(201)
}
/** A new browser context (its own storage: nothing shared with another but the server), signed in, on the post. */
async function editorOn(slug: string, width = 1280): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage()
  await logIn(page)
  await page.waitForURL(`${BASE_URL}/admin`)
  await page.goto(`${BASE_URL}/admin?tab=articles&post=${slug}`)
  await form(page).getByRole('heading', { name: 'Edit' }).waitFor()
  return page
}
const form = (page: Page) => page.getByRole('form', { name: /(Add|Edit) article/ })
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false })
}

describe('server autosave (Chromium)', () => {
  for (const width of [1280, 390]) {
    it(`a draft typed in one context shows in a second context of the same editor (${width} px)`, async () => {
      const slug = `autosave-draft-${width}-${run}`
      await createPost(slug, 'draft')
      const a = await editorOn(slug, width)
      const typed = `Typed in the first context at ${width} px (${run})`
      await form(a).getByLabel('Description').fill(typed)
      // nothing pressed: the form saves itself a few seconds after the last keystroke
      await expect.poll(() => a.getByTestId('save-state').textContent(), { timeout: 15_000 }).toMatch(/^Draft autosaved at \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2}$/)
      const stored = await (await api(`/api/posts/${slug}`)).json()
      expect(stored).toMatchObject({ description: typed, status: 'draft' })
      await form(a).getByRole('heading', { name: 'Edit' }).scrollIntoViewIfNeeded()
      await a.getByTestId('save-state').scrollIntoViewIfNeeded()
      await shot(a, `draft-autosaved-${width}`)

      const b = await editorOn(slug, width)
      expect(await form(b).getByLabel('Description').inputValue()).toBe(typed)
      expect(await b.getByTestId('restore-offer').count()).toBe(0) // it came from the server, not this browser
      // the history says what happened, to the second
      await b.getByTestId('revisions').locator('summary').click()
      const rows = b.getByTestId('revision-row')
      await expect.poll(() => rows.first().textContent()).toMatch(/\d{2}:\d{2}:\d{2} · .+ · Autosaved/)
      expect(await rows.first().getByTestId('revision-summary').textContent()).toBe('Changed: Description')
      await b.getByTestId('revisions').scrollIntoViewIfNeeded()
      await shot(b, `revisions-${width}`)
      await a.context().close()
      await b.context().close()
    })
  }

  it('a live post: the autosave leaves the page alone, and the other context is offered it', async () => {
    const slug = `autosave-live-${run}`
    await createPost(slug, 'published')
    const a = await editorOn(slug)
    const typed = `Not for readers yet (${run})`
    await form(a).getByLabel('Description').fill(typed)
    await expect.poll(() => a.getByTestId('save-state').textContent(), { timeout: 15_000 }).toMatch(/^Autosaved at .+: not on the live page until you press Update$/)
    expect(await (await fetch(`${BASE_URL}/article/${slug}`)).text()).not.toContain(typed)

    const b = await editorOn(slug, 390)
    const offer = b.getByTestId('autosave-offer')
    await offer.waitFor()
    expect(await offer.textContent()).toContain(`by ${ADMIN.username}`)
    await shot(b, 'live-offer-390')
    await offer.getByRole('button', { name: 'Load the autosave' }).click()
    expect(await form(b).getByLabel('Description').inputValue()).toBe(typed)
    await form(b).getByRole('button', { name: 'Update' }).click()
    const yes = form(b).getByRole('button', { name: 'Publish anyway' })
    if (await yes.isVisible().catch(() => false)) await yes.click()
    await b.getByTestId('saved-notice').waitFor()
    expect(await (await fetch(`${BASE_URL}/article/${slug}`)).text()).toContain(typed)
    await a.context().close()
    await b.context().close()
  })

  for (const width of [1280, 390]) {
    it(`one date format: the time zone stated once; a schedule and the list's badge written the same way (${width} px)`, async () => {
      const slug = `autosave-scheduled-${width}-${run}`
      created.push(slug)
      const at = new Date(Date.now() + 3 * 86_400_000)
      at.setUTCSeconds(0, 0)
      const body = { title: `Autosave ${slug}`, slug, status: 'scheduled', publishAt: at.toISOString(), image: '', tag: 'Guides', description: 'Later words', content: { summary: [], body: [] }, meta: { author: '', date: '', reviewer: '', readTime: '' } }
      expect((await api('/api/posts/article', { method: 'POST', body: JSON.stringify(body) })).status).toBe(201)
      const page = await editorOn(slug, width)
      expect(await page.getByText(/^Times are in your time zone, /).count()).toBe(1)
      const admin = /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/
      expect(await page.getByTestId('publish-plan').textContent()).toMatch(new RegExp(`goes live by itself on ${admin.source}\\.$`))
      const row = page.getByTestId('post-row').filter({ hasText: `Autosave ${slug}` })
      expect(await row.textContent()).toMatch(new RegExp(`Scheduled · ${admin.source}`))
      await page.getByTestId('publish-plan').scrollIntoViewIfNeeded()
      await shot(page, `schedule-${width}`)
      await page.goto(`${BASE_URL}/admin/users`)
      await page.getByRole('table').first().waitFor()
      await shot(page, `users-${width}`)
      await page.context().close()
    })
  }
})
