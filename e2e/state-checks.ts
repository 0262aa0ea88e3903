import type { Page } from 'playwright-core'

/**
 * What a state a visitor opens (a list, a menu, a banner, a dialog, a bar) must hold, checked in the page
 * on the elements `root` selects: nothing outside the screen, no control drawn over another or covered
 * by another layer, no text cut (an ellipsis, a clipped box, a short word broken over two lines) and no
 * tap target under 24×24 CSS px (WCAG 2.2 target size: a link inside a sentence is sized by it, and a smaller
 * target with no other within the 24 px circle on its middle passes, as 2.5.8 allows). Returns what failed, each line naming the rule that caught it.
 */
export async function checkState(page: Page, root: string): Promise<string[]> {
  return page.evaluate(async (root) => {
    const out: string[] = []
    const name = (e: Element) => `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 24)}"`
    const shown = (e: Element) => {
      if (!e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false
      const r = e.getBoundingClientRect()
      return r.width > 1 && r.height > 1
    }
    const fixed = (e: Element) => {
      for (let p: Element | null = e; p; p = p.parentElement) if (getComputedStyle(p).position === 'fixed') return true
      return false
    }
    /** inside a box (below the state's root) that scrolls or clips on purpose: reachable there, not outside the screen */
    const scrolled = (e: Element, top: Element) => {
      for (let p = e.parentElement; p && p !== top.parentElement; p = p.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true
      return false
    }
    const roots = [...document.querySelectorAll(root)].filter(shown)
    if (!roots.length) return [`state not shown: nothing matches ${root}`]
    if (document.documentElement.scrollWidth > innerWidth + 1) out.push(`outside the screen: the page is ${document.documentElement.scrollWidth} px wide`)
    const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="option"], [role="button"], [role="tab"]'
    for (const r of roots) {
      // drawn nowhere: inside a box clipped to a point (a table's header kept for screen readers while its rows are cards)
      const clipped = (e: Element) => {
        for (let p = e.parentElement; p && p !== r; p = p.parentElement) if (getComputedStyle(p).clipPath !== 'none') return true
        return false
      }
      const all = [r, ...r.querySelectorAll('*')].filter((e) => shown(e) && !e.closest('.sr-only') && !clipped(e))
      const onTop = fixed(r)
      // content outside the viewport: sideways always; up and down too for a layer fixed to the screen, unless it scrolls itself
      const scrolls = (e: Element) => {
        for (let p: Element | null = e; p; p = p.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(p).overflowY) && p.scrollHeight > p.clientHeight) return true
        return false
      }
      for (const e of all) {
        if (scrolled(e, r)) continue
        const b = e.getBoundingClientRect()
        if (b.left < -1 || b.right > innerWidth + 1) out.push(`outside the screen: ${name(e)} spans x ${Math.round(b.left)}…${Math.round(b.right)} of ${innerWidth}`)
        else if (onTop && !scrolls(e) && (b.top < -1 || b.bottom > innerHeight + 1)) out.push(`outside the screen: ${name(e)} spans y ${Math.round(b.top)}…${Math.round(b.bottom)} of ${innerHeight}`)
      }
      // text cut: an ellipsis or a line clamp that hides some, a box that clips its text, a short word broken over lines
      for (const e of all) {
        const s = getComputedStyle(e)
        const text = (e.textContent ?? '').trim()
        if (!text) continue
        if (s.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1) out.push(`text cut: ${name(e)} ends in an ellipsis`)
        else if (s.webkitLineClamp !== 'none' && s.webkitLineClamp !== '' && e.scrollHeight > e.clientHeight + 1) out.push(`text cut: ${name(e)} is clamped to ${s.webkitLineClamp} lines`)
        else if (['hidden', 'clip'].includes(s.overflowX) && e.scrollWidth > e.clientWidth + 1 && !e.matches('.sr-only')) out.push(`text cut: ${name(e)} clips ${e.scrollWidth - e.clientWidth} px of its text`)
      }
      const walker = document.createTreeWalker(r, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
        if (!n.parentElement || !shown(n.parentElement) || n.parentElement.closest('.sr-only')) continue
        for (const m of n.data.matchAll(/[^\s\-\u2010-\u2015/]+/g)) {
          if (m[0].length > 20) continue // longer than a line may be: breaking it is right
          const range = document.createRange()
          range.setStart(n, m.index)
          range.setEnd(n, m.index + m[0].length)
          const lines = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)))
          if (lines.size > 1) out.push(`text cut: "${m[0]}" broken over ${lines.size} lines in ${name(n.parentElement)}`)
        }
      }
      const controls = all.filter((e) => e.matches(CONTROLS))
      // tap targets: 24×24 px, or a smaller one with no other target within the 24 px circle on its middle (WCAG 2.5.8's spacing)
      const small = (q: DOMRect) => q.width < 23.5 || q.height < 23.5
      const middle = (q: DOMRect) => [q.left + q.width / 2, q.top + q.height / 2] as const
      for (const el of controls) {
        const b = el.getBoundingClientRect()
        const s = getComputedStyle(el)
        if (el.tagName === 'A' && s.display === 'inline' && el.closest('p, li, td, figcaption, blockquote')) continue
        if (!small(b)) continue
        const [x, y] = middle(b)
        const near = controls.find((o) => {
          if (o === el || o.contains(el) || el.contains(o)) return false
          const q = o.getBoundingClientRect()
          if (small(q)) return Math.hypot(x - middle(q)[0], y - middle(q)[1]) < 24
          return Math.hypot(Math.max(q.left - x, 0, x - q.right), Math.max(q.top - y, 0, y - q.bottom)) < 12
        })
        if (near) out.push(`tap target under 24 px: ${name(el)} is ${Math.round(b.width)}×${Math.round(b.height)}, with ${name(near)} inside its 24 px circle`)
      }
      // controls drawn over each other, inside the state
      const boxes = controls.map((e) => [...e.getClientRects()].filter((q) => q.width > 1 && q.height > 1))
      for (let i = 0; i < controls.length; i++)
        for (let j = i + 1; j < controls.length; j++) {
          const [a, b] = [controls[i], controls[j]]
          if (a.contains(b) || b.contains(a)) continue
          if (boxes[i].some((p) => boxes[j].some((q) => Math.min(p.right, q.right) - Math.max(p.left, q.left) > 1 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 1)))
            out.push(`overlapping controls: ${name(a)} drawn over ${name(b)}`)
        }
      // and no other layer over them: the middle of each control is the control when it is on the screen
      for (const el of controls) {
        if (!onTop) el.scrollIntoView({ block: 'center', behavior: 'instant' })
        // a link that wraps is two boxes: the middle of its first line is on it, the middle of their bounds may not be
        const b = [...el.getClientRects()].find((q) => q.width > 1 && q.height > 1) ?? el.getBoundingClientRect()
        const x = Math.min(Math.max(b.left + b.width / 2, 0), innerWidth - 1)
        const y = Math.min(Math.max(b.top + b.height / 2, 0), innerHeight - 1)
        const hit = document.elementFromPoint(x, y)
        if (hit && hit !== el && !el.contains(hit) && !(hit instanceof HTMLLabelElement && hit.control === el)) out.push(`overlapping controls: ${name(el)} is covered by ${name(hit)}`)
      }
    }
    return [...new Set(out)].slice(0, 12)
  }, root)
}

/** Where the `item`s inside a `frame` (one card, or a grid of them) sit further from its left than from its right, or the reverse, by more than 2 px. */
export async function uneven(page: Page, frame: string, item: string): Promise<string[]> {
  return page.evaluate(
    ([frame, item]) =>
      [...document.querySelectorAll(frame)].flatMap((f) => {
        const fb = f.getBoundingClientRect()
        const items = [...f.querySelectorAll(item)].map((i) => i.getBoundingClientRect()).filter((r) => r.width > 0)
        if (!items.length) return []
        const left = Math.round(Math.min(...items.map((r) => r.left)) - fb.left)
        const right = Math.round(fb.right - Math.max(...items.map((r) => r.right)))
        return Math.abs(left - right) > 2 ? [`uneven insets: ${item} sits ${left} px from the left of ${frame} and ${right} px from its right`] : []
      }),
    [frame, item] as const,
  )
}
