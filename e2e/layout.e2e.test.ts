import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tagPath } from '../lib/tag-path.ts'
import { ADMIN, BASE_URL, launchBrowser, logIn, PERSON_UA } from './browser.ts'
import { axe, sweep } from './page-checks.ts'

/**
 * Every width (issues 12 and 22): every page type, public and admin, at 320, 390, 768, 1024, 1280 and
 * 1440 px wide, with content that is hard to lay out (a 60-letter word, a long title, a long brand
 * name), checked in Chromium by the width sweep's rules and with axe-core for WCAG 2.2 AA.
 */
const WIDTHS = [320, 390, 768, 1024, 1280, 1440]
const LONG_WORD = 'Supercalifragilisticexpialidociouslyunwageredjackpotbonanza'
const LONG_TITLE = `The ${LONG_WORD} guide to responsible bankroll management for very long weekends of esports betting`
const LONG_BRAND = 'Extraordinarily Long Named Casino And Sportsbook International Limited'

let browser: Browser
let visitor: BrowserContext
/** The signed-in admin's tab (its browser context holds the session cookie: other tabs of it would be signed in too) */
let adminTab: Page
let post: { _id: string; tag: string }
let brandId: string

async function api(path: string, init: RequestInit & { token: string }) {
  const res = await fetch(BASE_URL + path, { ...init, headers: { authorization: `Bearer ${init.token}`, ...(init.headers ?? {}) } })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

let token: string
beforeAll(async () => {
  ;({ accessToken: token } = await (
    await fetch(`${BASE_URL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
  ).json())
  post = await api('/api/posts/article', {
    token,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title: LONG_TITLE,
      tag: `Tag ${LONG_WORD}`,
      description: `${LONG_WORD} ${LONG_WORD}`,
      image: '/demo/bankroll.svg',
      content: {
        summary: [{ title: LONG_WORD, text: `${LONG_WORD} https://example.com/${LONG_WORD}${LONG_WORD}` }],
        body: [{ headline: LONG_WORD, content: `${LONG_WORD} `.repeat(5), keywords: [], hyperlinks: [], subsections: [] }],
      },
      meta: { author: LONG_WORD, date: '2026-11-01', reviewer: '', readTime: '5 min' },
    }),
  })
  const form = new FormData()
  const fields: Record<string, string> = {
    brandName: LONG_BRAND,
    campaignType: 'Web - Sale',
    rating: '4.5',
    tagline: `${LONG_WORD} tagline`,
    offerHighlight: LONG_WORD,
    bonusOffer: `100% up to £${LONG_WORD}`,
    bonusCondition: LONG_WORD,
    termsSummary: `18+. ${LONG_WORD}. T&Cs apply.`,
    termsUrl: `https://op.example/${LONG_WORD}`,
    type: JSON.stringify(['typeNew']),
    position: JSON.stringify(['PositionPopular']),
    customParams: '[]',
    highlights: JSON.stringify([{ title: LONG_WORD, value: LONG_WORD }]),
    sections: JSON.stringify([{ type: 'text', content: `${LONG_WORD} `.repeat(4) }]),
    dealBox: JSON.stringify({ ctaLabel: `Claim ${LONG_WORD}`, ctaUrl: 'https://op.example/go' }),
    logoCdnUrl: '/demo/brands/nova-spins.svg',
  }
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  brandId = (await api('/api/brands', { token, method: 'POST', body: form }))._id

  browser = await launchBrowser()
  visitor = await browser.newContext({ userAgent: PERSON_UA })
  adminTab = await (await browser.newContext({ userAgent: PERSON_UA })).newPage()
  await logIn(adminTab)
  await adminTab.waitForURL(/\/admin/)
})
afterAll(async () => {
  await browser?.close()
  // the suite shares one store: later files count the demo's offers and articles
  if (brandId) await api(`/api/brands/${brandId}`, { token, method: 'DELETE' })
  if (post) await api(`/api/posts/${post._id}`, { token, method: 'DELETE' })
})

const publicPages = () => [
  '/',
  `/article/${post._id}`,
  '/article/rtp-explained',
  // a comparison table (issue 22), drawn as a table or as cards by the width of its column
  '/article/fastest-casino-payment-methods',
  `/brands/${brandId}`,
  '/brands/nova-spins',
  '/brands',
  '/articles',
  '/articles/page/2',
  tagPath(post.tag),
  '/search?q=bonus',
  '/search?q=nothingmatchesthisquery',
  '/search?q=nova+spns', // a brand's offer card above the results (issue 26)
  '/info/responsible-gambling',
  '/author/maya-chen', // issue 22: photo, topics, bio, links and a grid of cards
  '/login',
  '/signup',
  '/no-such-page',
]
// every admin screen: a new one joins the sweep here
const adminPages = ['/admin', '/adminmarket', '/admin/earnings', '/admin/searches', '/admin/users', '/admin/markets', '/admin/media', '/admin/audit']

/**
 * Opens a page at a width: a visitor's in a new tab (closed by the caller), an admin page in the
 * signed-in admin's tab (`done` closes only the former), checking it did not bounce to the login page.
 */
async function open(who: 'visitor' | 'admin', path: string, width: number): Promise<Page> {
  const page = who === 'admin' ? adminTab : await visitor.newPage()
  await page.setViewportSize({ width, height: 844 })
  const res = await page.goto(BASE_URL + path)
  expect(res, path).not.toBeNull()
  await page.waitForLoadState('networkidle')
  if (who === 'admin') {
    expect(new URL(page.url()).pathname).toBe(path)
    await page.getByRole('heading', { name: 'Admin Panel', exact: true }).waitFor()
  }
  return page
}
const done = (page: Page) => (page === adminTab ? undefined : page.close())

describe('width sweep: every page type at 320, 390, 768, 1024, 1280 and 1440 px (long words, titles and brand names in the data)', () => {
  // each page is loaded once and resized through the widths: media queries and layout follow the viewport
  async function sweepAll(who: 'visitor' | 'admin', paths: string[]) {
    const failures: string[] = []
    for (const path of paths) {
      const page = await open(who, path, WIDTHS[0])
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 })
        for (const f of await sweep(page)) failures.push(`${path} at ${width} px: ${f}`)
      }
      await done(page)
    }
    return failures
  }
  it('public pages', async () => {
    expect(await sweepAll('visitor', publicPages())).toEqual([])
  }, 180_000)
  it('admin pages, with the brand form open', async () => {
    expect(await sweepAll('admin', adminPages)).toEqual([])
  })
})

describe('admin on a phone', () => {
  for (const width of [320, 390]) {
    it(`at ${width} px every field and button of both panels is inside the screen (one column, tables in their own scroll box)`, async () => {
      const failures: string[] = []
      for (const path of adminPages) {
        const page = await open('admin', path, width)
        const outside = await page.evaluate(() =>
          [...document.querySelectorAll('main input:not([type=hidden]), main select, main textarea, main button, main label')]
            .filter((e) => {
              const r = e.getBoundingClientRect()
              if (!r.width || !r.height) return false // not shown (a closed panel)
              // a control inside a box that scrolls sideways on purpose (a wide table) is reachable there
              for (let p = e.parentElement; p; p = p.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return false
              return r.left < -1 || r.right > innerWidth + 1
            })
            .slice(0, 5)
            .map((e) => {
              const name = e.getAttribute('aria-label') || e.textContent || e.getAttribute('placeholder') || e.getAttribute('type') || ''
              return `${e.tagName.toLowerCase()} "${name.trim().slice(0, 30)}" in .${e.parentElement?.className} right=${Math.round(e.getBoundingClientRect().right)}`
            }),
        )
        for (const o of outside) failures.push(`${path}: ${o}`)
        await done(page)
      }
      expect(failures).toEqual([])
    })
  }
  it("has its own slim layout (no public footer) and human tab names ('Bottom articles', not 'ArticleBottom')", async () => {
    const page = await open('admin', '/admin', 390)
    expect(await page.locator('footer.footer').count()).toBe(0)
    expect(await page.getByRole('tab', { name: 'ArticleBottom' }).count()).toBe(0)
    expect(await page.getByText('ArticleBottom', { exact: true }).count()).toBe(0)
    await done(page)
  })
})

describe('headings', () => {
  it('every page type has one h1, drawn no smaller than any heading under it, and an outline that never skips a level going down', async () => {
    const failures: string[] = []
    for (const [who, path] of [...publicPages().map((p) => ['visitor', p] as const), ...adminPages.map((p) => ['admin', p] as const)]) {
      const page = await open(who, path, 1280)
      const headings = await page.evaluate(() =>
        [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
          .filter((h) => (h as HTMLElement).offsetParent !== null || getComputedStyle(h).position === 'fixed')
          .map((h) => ({ level: Number(h.tagName[1]), size: parseFloat(getComputedStyle(h).fontSize), text: (h.textContent ?? '').trim().slice(0, 30) })),
      )
      const levels = headings.map((h) => h.level)
      if (levels.filter((l) => l === 1).length !== 1) failures.push(`${path}: ${levels.filter((l) => l === 1).length} h1`)
      // the page's heading reads as its heading: no heading under it is drawn larger
      const h1 = headings.find((h) => h.level === 1)
      for (const h of headings) if (h1 && h.size > h1.size) failures.push(`${path}: h1 "${h1.text}" is ${h1.size} px, smaller than h${h.level} "${h.text}" (${h.size} px)`)
      for (let i = 1; i < levels.length; i++) if (levels[i] > levels[i - 1] + 1) failures.push(`${path}: h${levels[i - 1]} then h${levels[i]}`)
      await done(page)
    }
    expect(failures).toEqual([])
  })
})

describe('hydration', () => {
  it("keeps the server's page in place on every page type: no element is removed or moved (a move re-lays out the page and repaints its largest image late)", async () => {
    const failures: string[] = []
    for (const path of publicPages()) {
      const page = await visitor.newPage()
      await page.addInitScript(() => {
        const moved: string[] = []
        ;(window as unknown as { moved: string[] }).moved = moved
        document.addEventListener('DOMContentLoaded', () => {
          // from here on the parser is done: every childList change is the browser code's
          new MutationObserver((records) => {
            for (const r of records)
              for (const n of r.removedNodes)
                // React's image preloads at the top of #root are dropped on purpose (pages/+onBeforeRenderClient.ts)
                if (n instanceof Element && !(n instanceof HTMLLinkElement && n.rel === 'preload')) moved.push(`${n.tagName.toLowerCase()}.${n.className}`)
          }).observe(document.getElementById('root')!, { childList: true, subtree: true })
        })
      })
      await page.goto(BASE_URL + path)
      await page.waitForLoadState('networkidle')
      const moved = await page.evaluate(() => (window as unknown as { moved: string[] }).moved)
      if (moved.length) failures.push(`${path}: ${moved.join(', ')}`)
      await page.close()
    }
    expect(failures).toEqual([])
  })
})

describe('keyboard', () => {
  it('the first Tab shows a skip link to the content, and every focused control has a visible outline', async () => {
    const page = await open('visitor', '/', 390)
    await page.keyboard.press('Tab')
    const skip = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement
      const r = el.getBoundingClientRect()
      return { text: el.textContent, href: el.getAttribute('href'), visible: r.width > 1 && r.height > 1 && r.top >= 0 }
    })
    expect(skip).toEqual({ text: 'Skip to content', href: '#main', visible: true })
    const unoutlined: string[] = []
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab')
      const f = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement
        const s = getComputedStyle(el)
        return { what: `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 20)}`, outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 }
      })
      if (!f.outline) unoutlined.push(f.what)
    }
    expect(unoutlined).toEqual([])
    await done(page)
  })
})

describe('images', () => {
  it('every image on a public page has a text alternative; the largest paint of home, article and brand pages is fetched first', async () => {
    const failures: string[] = []
    for (const path of publicPages()) {
      const page = await open('visitor', path, 390)
      const unnamed = await page.evaluate(() => [...document.querySelectorAll('img')].filter((i) => !(i.getAttribute('alt') ?? '').trim()).map((i) => i.getAttribute('src')))
      for (const src of unnamed) failures.push(`${path}: <img src="${src}"> has no alt text`)
      await done(page)
    }
    expect(failures).toEqual([])
    for (const [path, selector] of [['/', '.featured img'], [`/article/${post._id}`, 'img.article-image'], ['/brands/nova-spins', 'img.banner']] as const) {
      const page = await open('visitor', path, 390)
      expect(await page.locator(selector).first().getAttribute('fetchpriority'), path).toBe('high')
      await done(page)
    }
  })
})

describe('tap targets', () => {
  it('on a phone (390 px, touch) every control of a public page is at least 44×44 CSS px (links inside running text excepted, as WCAG 2.5.8 allows)', async () => {
    const phone = await browser.newContext({ userAgent: PERSON_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    const small: string[] = []
    for (const path of publicPages()) {
      const page = await phone.newPage()
      await page.goto(BASE_URL + path)
      await page.waitForLoadState('networkidle')
      const found = await page.evaluate(() => {
        const out: string[] = []
        for (const el of document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]')) {
          const r = el.getBoundingClientRect()
          const style = getComputedStyle(el)
          if (!r.width || !r.height || style.visibility === 'hidden' || el.closest('[hidden], .sr-only') || el.classList.contains('skip-link')) continue
          // a link in a sentence is sized by the sentence (WCAG 2.5.8's inline exception)
          if (el.tagName === 'A' && style.display === 'inline' && el.closest('p, li, td, figcaption, blockquote, .snippet, .help-box')) continue
          if (r.width < 43.5 || r.height < 43.5) out.push(`${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`)
        }
        return out
      })
      small.push(...found.map((f) => `${path}: ${f}`))
      await page.close()
    }
    await phone.close()
    expect(small).toEqual([])
  })
})

describe('brand page on a phone (390×844)', () => {
  it("the sticky 'Claim' bar is inside the viewport, and the page's end can scroll clear of it", async () => {
    for (const path of ['/brands/nova-spins', `/brands/${brandId}`]) {
      const page = await open('visitor', path, 390)
      const bar = await page.locator('.mobile-deal-bar').boundingBox()
      expect(bar, path).not.toBeNull()
      expect(bar!.y, path).toBeGreaterThanOrEqual(0)
      expect(bar!.y + bar!.height, path).toBeLessThanOrEqual(844)
      await done(page)
    }
  })
})

describe('axe-core, WCAG 2.2 AA: 0 violations', () => {
  for (const width of [390, 1280]) {
    it(`every public page type at ${width} px`, async () => {
      const failures: string[] = []
      for (const path of publicPages()) {
        const page = await open('visitor', path, width)
        for (const v of await axe(page)) failures.push(`${path}: ${v}`)
        await done(page)
      }
      expect(failures).toEqual([])
    }, 180_000) // 18 page types, the 404, search with brands and an author page among them, on a shared 2-core machine
    it(`both admin panels at ${width} px`, async () => {
      const failures: string[] = []
      for (const path of adminPages) {
        const page = await open('admin', path, width)
        for (const v of await axe(page)) failures.push(`${path}: ${v}`)
        await done(page)
      }
      expect(failures).toEqual([])
    })
  }
})
