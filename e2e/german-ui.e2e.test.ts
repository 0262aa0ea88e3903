import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { de } from '../lib/i18n/de.ts'
import { en, type MessageKey } from '../lib/i18n/en.ts'
import { shapes } from '../lib/i18n/icu-ast.ts'
import { BASE_URL, launchBrowser, PERSON_UA } from './browser.ts'

/**
 * The German edition speaks German (docs/markets.md, "Languages"): a German visitor's browser starts at
 * /de and follows every link that stays under /de, breadth first, at most DE_CRAWL_MAX pages (default 60),
 * plus the pages no link leads to (search results, a spelling suggestion, no results, a 404). On each page,
 * after hydration, every visible text node (and the text of the element holding it), every input's
 * placeholder and the <title> are compared with the English catalog's messages that German says
 * differently (lib/i18n/en.ts; a message's values match any text): a match is English UI on a German page.
 * Editors' content in English is not UI (only catalog messages count), and text inside an element whose
 * `lang` is another language (a link to an article's English original) is that language's. Also opened:
 * the consent banner, the Cookie Settings dialog, the top bar's search suggestions, and the German market's
 * suggestion to a German visitor on the default home page. Every /de page's <html lang> is German.
 *
 * Run: `bun run build && bun e2e/run.ts e2e/german-ui.e2e.test.ts`.
 */

const MAX_PAGES = Math.max(1, Number(process.env.DE_CRAWL_MAX ?? 60) || 60)
const ORIGIN = new URL(BASE_URL).origin
const PREFIX = '/de'
const UNLINKED = ['/de/search?q=casino', '/de/search?q=nova', '/de/search?q=casnio', '/de/search?q=qqqzzzx', '/de/no-such-page', '/de/brands', '/de/articles']

/** English messages German says differently, as patterns over rendered text (at least two letters of their own). */
const ENGLISH = (Object.keys(en) as MessageKey[])
  .filter((k) => en[k] !== de[k])
  .flatMap((key) => shapes(en[key]).filter((s) => /\p{L}{2}/u.test(s.literal) && !shapes(de[key]).some((d) => d.literal === s.literal)).map((s) => ({ key, ...s })))

type Finding = { url: string; key: MessageKey; text: string }

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const germanVisitor = async (): Promise<Page> => {
  const ctx = await browser.newContext({ userAgent: PERSON_UA, viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'cf-ipcountry': 'DE' } })
  await ctx.route(/googletagmanager|google-analytics/, (r) => r.abort())
  return ctx.newPage()
}

/** Visible text (nodes and their holders), placeholders, the title, <html lang> and the page's links. */
function collect(scope?: string) {
  const root = (scope ? document.querySelector(scope) : document.body) ?? document.body
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim()
  const foreign = (el: Element) => {
    const holder = el.closest('[lang]')
    return !!holder && holder !== document.documentElement && !/^de\b/i.test(holder.getAttribute('lang') ?? '')
  }
  const visible = (el: Element) => (typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : true)
  const texts = new Set<string>()
  const holders = new Set<Element>()
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement
    const t = norm(n.textContent ?? '')
    if (!el || !t || el.closest('script,style,noscript,template') || !visible(el) || foreign(el)) continue
    texts.add(t)
    holders.add(el)
  }
  for (const el of holders) {
    const t = norm(el.textContent ?? '')
    if (t.length <= 400) texts.add(t)
  }
  for (const input of root.querySelectorAll<HTMLInputElement>('input[placeholder]')) if (visible(input) && !foreign(input)) texts.add(norm(input.placeholder))
  // the <title> as its message: without the site's name after it (lib/seo.ts pageTitle)
  // the <title> as its message (without the site's name after it, lib/seo.ts pageTitle); a title that is
  // the page's own heading, marked as another language (an info page written in English), is that content's
  const title = norm(document.title).replace(/ \| GameWise$/, '')
  const h1 = document.querySelector('h1')
  if (!scope && !(h1 && foreign(h1) && norm(h1.textContent ?? '') === title)) texts.add(title)
  return { lang: document.documentElement.lang, texts: [...texts], links: [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].map((a) => a.href) }
}

function englishIn(url: string, texts: string[]): Finding[] {
  const out: Finding[] = []
  for (const text of texts) for (const m of ENGLISH) if (m.pattern.test(text)) out.push({ url, key: m.key, text })
  return out
}

const report = (findings: Finding[]) => {
  const byKey = new Map<string, { text: string; urls: Set<string> }>()
  for (const f of findings) {
    const e = byKey.get(f.key) ?? { text: f.text, urls: new Set<string>() }
    e.urls.add(f.url)
    byKey.set(f.key, e)
  }
  return [...byKey].map(([key, e]) => `${key}: "${e.text.slice(0, 80)}" on ${e.urls.size} page(s), e.g. ${[...e.urls][0]}`).join('\n')
}

const settle = (page: Page) => page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {})

describe('the German edition speaks German', () => {
  const findings: Finding[] = []
  const wrongLang: string[] = []
  const visited: string[] = []

  it(`crawls /de (at most ${MAX_PAGES} pages) and its widgets`, async () => {
    const page = await germanVisitor()
    const queue = [PREFIX, ...UNLINKED]
    const seen = new Set(queue)
    while (queue.length && visited.length < MAX_PAGES) {
      const path = queue.shift()!
      const res = await page.goto(`${ORIGIN}${path}`, { waitUntil: 'load' })
      if (!res) continue
      await settle(page)
      const got = await page.evaluate(collect, undefined)
      visited.push(path)
      if (!/^de\b/i.test(got.lang)) wrongLang.push(`${path}: <html lang="${got.lang}">`)
      findings.push(...englishIn(path, got.texts))
      if (visited.length === 1) {
        // the consent banner shows on a first visit; the footer's Cookie Settings opens the dialog
        await page.locator('.footer .legal button').first().click()
        await page.locator('dialog.consent-settings').waitFor({ timeout: 5_000 }).catch(() => {})
        findings.push(...englishIn(`${path} (cookie settings)`, (await page.evaluate(collect, 'dialog.consent-settings')).texts))
        await page.keyboard.press('Escape')
        // the top bar's suggestions, and what the screen reader hears of them
        await page.locator('#topbar-q').pressSequentially('nov', { delay: 30 })
        await page.locator('#topbar-q-suggestions li').first().waitFor({ timeout: 5_000 }).catch(() => {})
        findings.push(...englishIn(`${path} (search suggestions)`, (await page.evaluate(collect, '.search-combo')).texts))
      }
      for (const href of got.links) {
        const u = new URL(href)
        if (u.origin !== ORIGIN || !(u.pathname === PREFIX || u.pathname.startsWith(`${PREFIX}/`))) continue
        if (/\.(xml|txt|json)$/.test(u.pathname)) continue
        const next = u.pathname + u.search
        if (!seen.has(next)) {
          seen.add(next)
          queue.push(next)
        }
      }
    }
    // the German market's suggestion, offered to a German visitor on the default market's home page
    await page.context().clearCookies()
    await page.goto(`${ORIGIN}/`)
    // answered consent: the suggestion waits for the consent banner to go
    await page.evaluate(() => (sessionStorage.clear(), localStorage.setItem('consent', 'denied')))
    await page.reload()
    const note = page.locator('[data-testid="market-suggestion"]')
    await note.waitFor({ timeout: 5_000 })
    findings.push(...englishIn('/ (market suggestion)', (await page.evaluate(collect, '[data-testid="market-suggestion"]')).texts))
    console.log(`german-ui: ${visited.length} pages visited (${visited.join(" ")}), ${findings.length} English UI strings found (${new Set(findings.map((f) => f.key)).size} messages)`)
    expect(visited.length).toBeGreaterThan(10)
  }, 600_000)

  it('every /de page says it is German (<html lang>)', () => {
    expect(wrongLang).toEqual([])
  })

  it('no /de page shows an English UI string (a catalog message German says differently)', () => {
    expect(findings.length, report(findings)).toBe(0)
  })
})
