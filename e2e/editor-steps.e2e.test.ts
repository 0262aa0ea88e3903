import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { BASE_URL, logIn, useAdminApi } from './browser.ts'

/**
 * The editor's step counts (issue 32; docs/content-admin.md, "Step counts"), measured as an editor works: every
 * field filled, option chosen and button or tab clicked is one step, and so is every confirm answered. Limits:
 * write and publish an article ≤ 16, schedule ≤ 3, restore a revision ≤ 3. None of them may publish by accident:
 * nothing is public before the step that says it publishes, and schedule and restore publish nothing.
 */
const suite = useAdminApi()
const { api, created } = suite
const run = Date.now().toString(36)
const publicStatus = async (slug: string) => (await fetch(`${BASE_URL}/article/${slug}`)).status

/** Counts an editor's steps on a page: `step(() => …)` for each action, and every dialog answered. */
function steps(page: Page) {
  let count = 0
  page.on('dialog', (d) => {
    count++
    void d.accept()
  })
  return {
    step: <T>(action: () => Promise<T>) => {
      count++
      return action()
    },
    get count() {
      return count
    },
  }
}

async function signedIn(width: number, n: number): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width, height: 900 }, extraHTTPHeaders: { 'x-forwarded-for': `192.0.2.${235 + n}` } })
  const page = await context.newPage()
  await logIn(page)
  await page.waitForURL(`${BASE_URL}/admin`)
  return page
}
const form = (page: Page) => page.getByRole('form', { name: /(Add|Edit) article/ })

describe('step counts (Chromium)', () => {
  for (const [n, width] of [[0, 1280], [1, 390]] as const) {
    it(`writes and publishes an article in at most 16 steps, nothing public before Add (${width} px)`, async () => {
      const page = await signedIn(width, n)
      const s = steps(page)
      const title = `Steps ${width} ${run}`
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
      created.push(slug)
      await s.step(() => page.getByRole('tab', { name: 'Articles', exact: true }).click())
      const f = form(page)
      await s.step(() => f.getByLabel('Title', { exact: true }).fill(title))
      await f.getByLabel('Title', { exact: true }).press('Enter') // not a step: it must do nothing
      await s.step(() => f.getByLabel('Image URL').fill('/demo/poker.svg'))
      await s.step(() => f.getByLabel('Alt text for the image').fill('Cards and chips on a poker table'))
      await s.step(() => f.getByLabel('Tags', { exact: true }).fill(`Strategy ${run}`))
      await s.step(() => f.getByLabel('Description').fill('How an editor writes and publishes an article, counted step by step.'))
      await s.step(() => f.getByRole('button', { name: '+ Add section' }).click())
      const section = f.getByTestId('section-editor').first()
      await s.step(() => section.getByLabel('Headline').fill('Counting steps'))
      await s.step(() => section.getByRole('textbox', { name: 'Content' }).fill('Every field and click is a step.\n\nThe **last** one publishes.'))
      expect(await publicStatus(slug)).toBe(404) // nine steps in, Enter pressed in Title: nothing is public
      expect(await f.getByTestId('publish-plan').textContent()).toMatch(/publishes it/i) // the button says what it will do
      await s.step(() => f.getByRole('button', { name: 'Add', exact: true }).click())
      await expect.poll(() => publicStatus(slug)).toBe(200)
      expect(s.count).toBeLessThanOrEqual(16)
      console.log(`write and publish (${width} px): ${s.count} steps`)
      await page.context().close()
    })
  }

  it('schedules a draft in at most 3 steps and restores a revision in at most 3; neither publishes it', async () => {
    const slug = `steps-schedule-${run}`
    created.push(slug)
    const body = { title: `Steps schedule ${run}`, slug, image: '/demo/poker.svg', description: 'A draft to schedule.', content: { summary: [], body: [{ headline: 'One', content: 'Words.', keywords: [], hyperlinks: [], subsections: [] }] }, status: 'draft' }
    expect((await api('/api/posts/article', { method: 'POST', body: JSON.stringify(body) })).status).toBe(201)
    const first = await (await api(`/api/posts/${slug}`)).json()
    expect((await api(`/api/posts/${slug}`, { method: 'PUT', headers: { 'if-match': first.updatedAt }, body: JSON.stringify({ ...body, slug: undefined, title: `Steps schedule ${run} (renamed)` }) })).status).toBe(200)

    // from the post open in the editor
    const page = await signedIn(1280, 2)
    await page.goto(`${BASE_URL}/admin?tab=articles&post=${slug}`)
    const f = form(page)
    await expect.poll(() => f.getByLabel('Title', { exact: true }).inputValue()).toBe(`Steps schedule ${run} (renamed)`)
    const s = steps(page)
    const at = new Date(Date.now() + 3 * 86_400_000)
    const local = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}T09:00`
    await s.step(() => f.getByLabel('Status').selectOption('scheduled'))
    await s.step(() => f.getByLabel('Publish at').fill(local))
    await s.step(() => f.getByRole('button', { name: 'Update' }).click())
    await expect.poll(async () => (await (await api(`/api/posts/${slug}`)).json()).status).toBe('scheduled')
    const scheduleSteps = s.count
    expect(scheduleSteps).toBeLessThanOrEqual(3)
    expect(await publicStatus(slug)).toBe(404)

    await s.step(() => page.getByTestId('revisions').locator('summary').click())
    // the version before the rename: the first saved (the list is newest first)
    const rows = page.getByTestId('revision-row')
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3)
    await s.step(() => rows.last().getByRole('button', { name: /Restore/ }).click()) // its confirm is the third step
    await expect.poll(async () => (await (await api(`/api/posts/${slug}`)).json()).title).toBe(`Steps schedule ${run}`)
    const restoreSteps = s.count - scheduleSteps
    expect(restoreSteps).toBeLessThanOrEqual(3)
    expect((await (await api(`/api/posts/${slug}`)).json()).status).toBe('scheduled') // a restore keeps the status
    expect(await publicStatus(slug)).toBe(404)
    console.log(`schedule: ${scheduleSteps} steps; restore: ${restoreSteps} steps`)
    await page.context().close()
  })
})
