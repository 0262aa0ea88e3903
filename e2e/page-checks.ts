import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

/**
 * The width sweep's rules, checked in the page: nothing wider than the screen; no word of a control's
 * label or a table header broken inside (a word of up to 20 letters always fits a line, so a break
 * there is a squeezed box: 'Play' drawn as 'Pl/a/y'); no two controls drawn over each other (fixed
 * overlays such as the phone's deal bar excepted); no image that fails to load.
 */
export async function sweep(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = []
    const name = (e: Element) => `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 24)}"`
    const shown = (e: Element) => {
      if (!e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false
      const r = e.getBoundingClientRect()
      return r.width > 2 && r.height > 2
    }
    const fixed = (e: Element) => {
      for (let p: Element | null = e; p; p = p.parentElement) if (getComputedStyle(p).position === 'fixed') return true
      return false
    }
    // sideways overflow
    const doc = document.documentElement
    if (doc.scrollWidth > innerWidth) {
      const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && !fixed(e)).slice(0, 3)
      out.push(`page is ${doc.scrollWidth} px wide: ${wide.map(name).join(', ')}`)
    }
    // words broken inside a control's label or a table header
    const labelled = 'button, a.btn, [role="tab"], th, label, summary, legend, nav a, .pagination a, .tag, .chip, .age-badge'
    for (const el of document.querySelectorAll(labelled)) {
      if (!shown(el)) continue
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
        if (n.parentElement?.closest('.sr-only')) continue // read by screen readers, drawn nowhere
        for (const m of n.data.matchAll(/[^\s\-\u2010-\u2015/]+/g)) {
          if (m[0].length > 20) continue
          const range = document.createRange()
          range.setStart(n, m.index)
          range.setEnd(n, m.index + m[0].length)
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
          if (lines.size > 1) out.push(`"${m[0]}" broken over ${lines.size} lines in ${name(el)}`)
        }
      }
    }
    // controls drawn over each other
    // a sticky bar (the top bar) covers whatever scrolls under it by design: once the page has scrolled (a resize
    // can keep an anchor in view), its controls are left out, as fixed ones are; at the top they are checked
    const stuck = (e: Element) => {
      if (window.scrollY === 0) return false
      for (let p: Element | null = e; p; p = p.parentElement) if (getComputedStyle(p).position === 'sticky') return true
      return false
    }
    const overlaps = () => {
      const found: string[] = []
      const controls = [...document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="tab"]')].filter(
        (e) => shown(e) && !fixed(e) && !stuck(e) && !e.closest('.sr-only, .skip-link'),
      )
      const boxes = controls.map((e) => [...e.getClientRects()].filter((r) => r.width > 1 && r.height > 1))
      const at = (r: DOMRect | undefined) => (r ? `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}` : '-')
      for (let i = 0; i < controls.length; i++)
        for (let j = i + 1; j < controls.length; j++) {
          const [a, b] = [controls[i], controls[j]]
          if (a.contains(b) || b.contains(a) || (a instanceof HTMLLabelElement && a.control === b) || (b instanceof HTMLLabelElement && b.control === a)) continue
          const hit = boxes[i].some((r) => boxes[j].some((q) => Math.min(r.right, q.right) - Math.max(r.left, q.left) > 1 && Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > 1))
          if (hit) found.push(`${name(a)} drawn over ${name(b)} (${at(boxes[i][0])} and ${at(boxes[j][0])}, scrolled ${window.scrollY} px)`)
        }
      return found
    }
    // a resize is answered in steps (media queries at once, scripts that lay out on resize a frame later): what
    // still overlaps two frames later is drawn that way
    if (overlaps().length) {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      out.push(...overlaps())
    }
    // images that fail to load (lazy ones too)
    const images = [...document.images]
    for (const img of images) img.loading = 'eager'
    // decode() also rejects when a resize switches the chosen source mid-way: a failure is loaded again, alone
    const loads = (src: string) => new Promise<boolean>((resolve) => Object.assign(new Image(), { onload: () => resolve(true), onerror: () => resolve(false), src }))
    const failed = await Promise.all(images.map((img) => img.decode().then(() => null, async () => ((await loads(img.currentSrc || img.src)) ? null : img.currentSrc || img.src))))
    for (const src of failed) if (src) out.push(`image failed to load: ${src}`)
    return out.slice(0, 12)
  })
}

const require = createRequire(import.meta.url)
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

type AxeResult = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }
/** axe-core's WCAG 2.2 AA violations in the page, or inside `include` (selectors) only. */
export async function axe(page: Page, include?: string): Promise<string[]> {
  await page.evaluate(AXE) // through the DevTools protocol: the page's CSP (rightly) refuses inline scripts
  const result = (await page.evaluate(
    (include) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(include ? { include: [...document.querySelectorAll(include)] } : document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      }),
    include,
  )) as AxeResult
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)
}
