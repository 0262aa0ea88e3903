import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { BASE_URL, logIn, PERSON_UA, useBrowser } from './browser.ts'
import { axe } from './page-checks.ts'
import { checkState, uneven } from './state-checks.ts'

/**
 * The width sweep (e2e/layout.e2e.test.ts) holds every page at rest; phones break in the states a visitor
 * opens. Each state here is opened as a visitor opens it, at 320, 390, 768 and 1280 px, and checked by
 * e2e/state-checks.ts (nothing outside the screen, no control over another, no text cut, no tap target
 * under 24 px) and by axe-core for WCAG 2.2 AA, on what the state shows.
 */
const WIDTHS = [320, 390, 768, 1280]
/** a bar fixed to the screen's edge is there all the time the page is read: on a phone it takes at most this much height */
const FIXED_BAR_MAX = 96

const b = useBrowser()

type State = {
  name: string
  path: string
  /** what the state shows: the checks look inside it */
  root: string
  /** brings the page into the state */
  open: (page: Page) => Promise<void>
  /** the state exists below this width only (the phone's deal bar, the menu behind its button) */
  below?: number
  /** the consent banner left unanswered (every other state has it answered, as a returning visitor) */
  unanswered?: boolean
  country?: string
  /** opened by the signed-in admin */
  admin?: boolean
  /** further checks of this state */
  extra?: (page: Page, width: number) => Promise<string[]>
}

const STATES: State[] = [
  {
    name: 'the search suggestions open',
    path: '/',
    root: '#topbar-q-suggestions',
    open: async (page) => {
      await page.locator('#topbar-q').pressSequentially('bet', { delay: 30 })
      await page.locator('#topbar-q-suggestions:not([hidden])').waitFor()
    },
  },
  {
    name: 'the mobile menu open',
    path: '/',
    root: '.topbar-nav',
    open: async (page) => {
      const toggle = page.locator('.menu-toggle')
      if (!(await toggle.isVisible())) return // wide screens show the links in the bar
      const closed = await toggle.screenshot()
      await toggle.click()
      await page.locator('.topbar-nav.open').waitFor()
      ;(page as Page & { closedIcon?: Buffer }).closedIcon = closed
    },
    extra: async (page) => {
      const closed = (page as Page & { closedIcon?: Buffer }).closedIcon
      if (!closed) return []
      const out: string[] = []
      if (Buffer.compare(closed, await page.locator('.menu-toggle').screenshot()) === 0) out.push('menu icon: the same picture open as closed')
      // grouped sections, each with a name a screen reader announces
      const groups = await page.locator('.topbar-nav [role="group"]').evaluateAll((gs) => gs.map((g) => document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? ''))
      if (groups.length < 2 || groups.some((g) => !g)) out.push(`menu sections: ${groups.length} named groups (${groups.join(', ')}), not a grouped menu`)
      return out
    },
  },
  {
    name: 'the consent banner shown',
    path: '/',
    root: '.consent-banner',
    unanswered: true,
    open: async (page) => {
      await page.locator('.consent-banner').waitFor()
    },
  },
  {
    // two notes fixed to the foot of a phone's screen: both whole, and neither over the other's controls
    name: "the consent banner shown on a brand page, beside the phone's deal bar",
    path: '/brands/nova-spins',
    root: '.consent-banner, .mobile-deal-bar',
    unanswered: true,
    below: 640,
    open: async (page) => {
      await page.locator('.consent-banner').waitFor()
    },
  },
  {
    name: 'the market suggestion shown',
    path: '/',
    root: '.market-suggestion',
    country: 'DE',
    open: async (page) => {
      await page.locator('.market-suggestion').waitFor()
    },
  },
  {
    name: 'a modal open',
    path: '/',
    root: '.modal',
    open: async (page) => {
      await page.locator('.footer button.link-button').first().click()
      await page.locator('.modal').waitFor()
    },
  },
  {
    name: 'the sticky deal bar shown',
    path: '/brands/nova-spins',
    root: '.mobile-deal-bar',
    below: 640,
    open: async (page) => {
      await page.locator('.mobile-deal-bar').waitFor()
    },
    extra: async (page) => {
      const bar = (await page.locator('.mobile-deal-bar').boundingBox())!
      const out = bar.height > FIXED_BAR_MAX ? [`fixed bar: the deal bar is ${Math.round(bar.height)} px tall (at most ${FIXED_BAR_MAX})`] : []
      // the significant terms are readable in full in the bar, or one tap away (a link to them)
      const terms = page.locator('.mobile-deal-bar [data-testid="offer-terms"]')
      const linked = await terms.getByRole('link', { name: /significant terms/i }).count()
      if (!linked && !(await terms.textContent())?.trim()) out.push('terms: neither shown nor linked in the bar')
      return out
    },
  },
  {
    name: 'a comparison table as cards',
    path: '/article/fastest-casino-payment-methods',
    root: '.comparison',
    open: async (page) => {
      await page.locator('.comparison').first().scrollIntoViewIfNeeded()
    },
    extra: (page) => uneven(page, '.comparison', '.compare-card'),
  },
  {
    // the report's table is cards on a phone, with a select for its sort: nothing of either cut by the card's edge
    name: "the brand admin's report, its totals and sort",
    path: '/adminmarket',
    root: '[data-testid="report-brands"]',
    admin: true,
    open: async (page) => {
      await page.getByTestId('report-brands').getByTestId('earnings-total').waitFor()
    },
  },
]

async function opened(state: State, width: number): Promise<Page> {
  const context = await b.browser.newContext({ userAgent: PERSON_UA, viewport: { width, height: 844 }, extraHTTPHeaders: state.country ? { 'cf-ipcountry': state.country } : {} })
  // a returning visitor who said no: analytics stays off and the banner away
  if (!state.unanswered) await context.addInitScript(() => localStorage.setItem('consent', 'denied'))
  const page = b.watch(await context.newPage())
  if (state.admin) {
    await logIn(page)
    await page.waitForURL(/\/admin/)
  }
  await page.goto(BASE_URL + state.path)
  await page.waitForLoadState('networkidle')
  await state.open(page)
  return page
}

describe('states a visitor opens, at 320, 390, 768 and 1280 px: inside the screen, nothing over a control, no text cut, no tap target under 24 px, axe-clean', () => {
  for (const state of STATES) {
    it(state.name, async () => {
      const failures: string[] = []
      for (const width of WIDTHS) {
        if (state.below && width >= state.below) continue
        const page = await opened(state, width)
        const found = [...(await checkState(page, state.root)), ...((await state.extra?.(page, width)) ?? []), ...(await axe(page, state.root)).map((v) => `axe: ${v}`)]
        for (const f of found) failures.push(`${width} px: ${f}`)
        await page.context().close()
      }
      expect(failures).toEqual([])
    })
  }
})
