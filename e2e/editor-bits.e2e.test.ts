import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { BASE_URL, logIn, useAdminApi } from './browser.ts'

/**
 * Issue 32's small things, in Chromium at 320, 390 and 1280 px: the Compare selects and the comparison helper
 * fit the screen; section text grows with its text and has a wide writing mode; a refused link is named beside
 * the field and never linked on the page; the comparison preview names where a chosen brand is hidden and shows
 * another country's table. And the step counts (docs/content-admin.md, "Step counts"): every fill, choice and
 * click, and every confirm answered, is one step.
 */
const suite = useAdminApi()
const { api, created } = suite
const run = Date.now().toString(36)

/** A draft article written through the API, saved twice (two revisions), with a section to write in. */
async function draftArticle(slug: string, title = `Bits ${slug}`) {
  created.push(slug)
  const body = {
    title,
    slug,
    image: '/demo/poker.svg',
    imageAlt: 'Cards on a table',
    description: `An article for the editor's small things (${run}).`,
    content: { summary: [], body: [{ headline: 'First', content: 'Some words.', keywords: [], hyperlinks: [], subsections: [] }] },
    status: 'draft',
  }
  expect((await api('/api/posts/article', { method: 'POST', body: JSON.stringify(body) })).status).toBe(201)
  const saved = await (await api(`/api/posts/${slug}`)).json()
  expect((await api(`/api/posts/${slug}`, { method: 'PUT', headers: { 'if-match': saved.updatedAt }, body: JSON.stringify({ ...body, slug: undefined, title: `${title} (second)` }) })).status).toBe(200)
}

let ip = 40
async function editor(width: number, path = '/admin'): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width, height: 900 }, extraHTTPHeaders: { 'x-forwarded-for': `192.0.2.${241 + (ip++ % 10)}`, 'cf-ipcountry': 'US' } })
  const page = await context.newPage()
  await logIn(page)
  await page.waitForURL(`${BASE_URL}/admin`)
  if (path !== '/admin') await page.goto(BASE_URL + path)
  return page
}
const form = (page: Page) => page.getByRole('form', { name: /(Add|Edit) article/ })
const status = async (path: string) => (await fetch(BASE_URL + path)).status

describe('the post editor at 320, 390 and 1280 px (issue 32)', () => {
  for (const width of [320, 390, 1280]) {
    it(`no select or field runs past the screen: Compare selects, Market, the comparison helper (${width} px)`, async () => {
      const slug = `bits-fit-${width}-${run}`
      await draftArticle(slug)
      const page = await editor(width, `/admin?tab=articles&post=${slug}`)
      const f = form(page)
      await f.getByTestId('section-editor').getByRole('button', { name: 'Insert comparison table' }).click()
      await f.getByTestId('compare-insert').getByRole('checkbox', { name: /Albion Casino/ }).check()
      await page.getByTestId('revisions').locator('summary').click()
      await page.getByRole('combobox', { name: 'Compare from' }).waitFor()
      const over = await page.evaluate(() => {
        const width = document.documentElement.clientWidth
        return [...document.querySelectorAll('.admin select, .admin input:not([type=checkbox]):not([type=radio]):not([type=file]), .admin textarea')]
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .flatMap((el) => {
            const r = el.getBoundingClientRect()
            const box = el.closest('fieldset, details, .card')!.getBoundingClientRect()
            return r.right > Math.min(width, box.right) + 0.5 ? [`${el.getAttribute('name') ?? el.closest('label')?.textContent?.slice(0, 24)}: ${Math.round(r.right)} > ${Math.round(Math.min(width, box.right))}`] : []
          })
      })
      expect(over).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await page.context().close()
    })
  }

  it('section text grows with its text, and wide writing gives it the window (390 px)', async () => {
    const slug = `bits-grow-${run}`
    await draftArticle(slug)
    const page = await editor(390, `/admin?tab=articles&post=${slug}`)
    const box = form(page).getByTestId('section-editor').getByRole('textbox', { name: 'Content' })
    const before = (await box.boundingBox())!.height
    await box.fill(Array.from({ length: 24 }, (_, i) => `Line ${i + 1} of a long section that wraps on a phone screen.`).join('\n'))
    const grown = await box.evaluate((el: HTMLTextAreaElement) => ({ height: el.getBoundingClientRect().height, scroll: el.scrollHeight, client: el.clientHeight }))
    expect(grown.height).toBeGreaterThan(before * 4)
    expect(grown.scroll).toBeLessThanOrEqual(grown.client + 1) // every line shows: nothing scrolls inside the box
    await form(page).getByTestId('section-editor').getByRole('button', { name: 'Wide writing' }).click()
    const wide = page.getByRole('dialog', { name: 'Content, wide writing' })
    expect((await wide.getByRole('textbox', { name: 'Content' }).boundingBox())!.width).toBeGreaterThan(340)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog', { name: 'Content, wide writing' }).count()).toBe(0)
    await page.context().close()
  })

  it('a refused link is named beside the field and in the preview; the saved page shows its words, never the link', async () => {
    const slug = `bits-link-${run}`
    await draftArticle(slug)
    const page = await editor(1280, `/admin?tab=articles&post=${slug}`)
    const section = form(page).getByTestId('section-editor')
    await section.getByRole('textbox', { name: 'Content' }).fill('Read [the guide](javascript:alert(1)) first.')
    expect(await section.getByTestId('refused-links').textContent()).toContain('Link “the guide” (javascript:alert(1)) on line 1 is not linked: javascript: links are refused')
    await section.getByRole('button', { name: 'Preview' }).click()
    await expect.poll(() => section.locator('.text-preview .form-error').first().textContent()).toContain('Link “the guide” (javascript:alert(1)) on line 1 is not linked')
    // the server still neutralises it: saved and published, the page has no such link
    await form(page).getByLabel('Status').selectOption('published')
    await form(page).getByRole('button', { name: 'Update' }).click()
    await expect.poll(() => status(`/article/${slug}`)).toBe(200)
    const html = await (await fetch(`${BASE_URL}/article/${slug}`)).text()
    expect(html).not.toMatch(/href="javascript/i)
    await page.context().close()
  })

  it('the comparison preview names where a chosen brand is hidden and shows another country’s table', async () => {
    const slug = `bits-compare-${run}`
    await draftArticle(slug)
    const page = await editor(390, `/admin?tab=articles&post=${slug}`)
    const section = form(page).getByTestId('section-editor')
    await section.getByRole('button', { name: 'Insert comparison table' }).click()
    const insert = section.getByTestId('compare-insert')
    await insert.getByRole('checkbox', { name: /Albion Casino/ }).check()
    await insert.getByRole('checkbox', { name: /Nova Spins/ }).check()
    expect(await insert.getByTestId('reach-notes').textContent()).toMatch(/^Albion Casino is hidden for visitors outside GB and whose country is unknown, and on the .*Ontario \(\/ca-on\).* markets? \(not licensed there\)\.$/)
    await insert.getByRole('button', { name: 'Insert table' }).click()
    const preview = section.locator('.text-preview')
    await expect.poll(() => preview.getByTestId('reach-notes').textContent()).toContain('Albion Casino is hidden for visitors outside GB')
    const names = () => preview.getByTestId('comparison-table').first().textContent()
    await expect.poll(names).toContain('Nova Spins')
    expect(await names()).not.toContain('Albion Casino') // the editor browses from US
    await preview.getByRole('combobox', { name: /Show the tables to a visitor from/ }).selectOption('GB')
    await expect.poll(names).toContain('Albion Casino')
    await page.context().close()
  })
})
