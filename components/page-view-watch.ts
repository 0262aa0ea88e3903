import { pageKey, pageOf, SLOT_NAMES } from '../lib/attribution.ts'

/**
 * When an offer slot counts as seen, as the Media Rating Council counts a viewable display impression:
 * half its pixels on the screen of a tab in front (30 % for one of 242,500 px² or more) for one continuous
 * second. A click on it counts as seen too (the server adds that view: a click is the strongest interaction).
 */
export const VIEWABLE = { ratio: 0.5, largeRatio: 0.3, largeArea: 242_500, dwellMs: 1_000 }
/** The page's view is reported this long after it opens, with the slots seen by then (later ones follow in batches). */
const PAGE_REPORT_MS = 1_100
const BATCH_MS = 400

const isSlot = (s: string | undefined): s is string => Boolean(s) && (SLOT_NAMES as string[]).includes(s!)

/**
 * Counts a person's view of a page and of the offer slots they saw (issues 21 and 35): pages are served
 * from a cache, so the browser reports them. The page (kind and id from its URL) is reported a moment
 * after it opens — or as it is left, if sooner — with the offer slots seen by then; a slot seen later is
 * reported when it has been. A slot that is in the page but never on screen — the phone bar on a wide
 * screen (display: none), a box below the fold nobody reached, a tab in the background — is never counted,
 * so click-through rates compare clicks with what people saw. First-party, without cookies or storage: the
 * server counts each once per visitor per page per hour and leaves bots out.
 * Returns what to call when the page is left. Loaded after the page shows (components/page-view.ts).
 */
export function watchPageView(pathname: string, notFound: boolean, marketPrefix = ''): () => void {
  const page = pageOf(pathname, notFound, marketPrefix)
  if (page.page === 'unknown') return () => {} // account and admin pages show no offers
  const key = pageKey(page)
  const send = (slots: string[]) => {
    fetch('/api/track/view', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: key, slots }), keepalive: true }).catch(() => {})
  }
  const elements = [...document.querySelectorAll<HTMLElement>('[data-slot]')].filter((el) => isSlot(el.dataset.slot))
  // no slots, or no way to tell what is on screen: the page alone (a slot clicked still counts as seen: the server adds it)
  if (!elements.length || typeof IntersectionObserver === 'undefined') {
    send([])
    return () => {}
  }

  const reported = new Set<string>()
  let pageSent = false
  let pending: string[] = []
  let batch: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    clearTimeout(batch)
    batch = undefined
    if (pageSent && !pending.length) return
    send(pending)
    pageSent = true
    pending = []
  }
  /** Elements on screen enough now, each with the timer that counts its second. */
  const onScreen = new Map<Element, ReturnType<typeof setTimeout> | null>()
  const seen = (el: Element) => {
    onScreen.delete(el)
    observer.unobserve(el)
    const slot = (el as HTMLElement).dataset.slot!
    if (reported.has(slot)) return
    reported.add(slot)
    pending.push(slot)
    if (pageSent && !batch) batch = setTimeout(flush, BATCH_MS)
  }
  const startClock = (el: Element) => {
    if (!onScreen.get(el) && document.visibilityState !== 'hidden') onScreen.set(el, setTimeout(() => seen(el), VIEWABLE.dwellMs))
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const { width, height } = e.boundingClientRect
        const needed = width * height >= VIEWABLE.largeArea ? VIEWABLE.largeRatio : VIEWABLE.ratio
        // a slot taller than the screen: enough of the screen is the slot
        const enough = e.isIntersecting && (e.intersectionRatio >= needed || e.intersectionRect.height >= window.innerHeight * needed)
        if (enough) {
          if (!onScreen.has(e.target)) onScreen.set(e.target, null)
          startClock(e.target)
        } else if (onScreen.has(e.target)) {
          clearTimeout(onScreen.get(e.target) ?? undefined)
          onScreen.delete(e.target)
        }
      }
    },
    { threshold: [0, VIEWABLE.largeRatio, VIEWABLE.ratio, 0.75, 1] },
  )
  // a tab sent to the background stops every slot's second; brought back, they start again
  const onVisibility = () => {
    for (const [el, timer] of onScreen) {
      clearTimeout(timer ?? undefined)
      onScreen.set(el, null)
      startClock(el)
    }
  }
  const leave = () => flush()
  for (const el of elements) observer.observe(el)
  const pageTimer = setTimeout(flush, PAGE_REPORT_MS)
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('pagehide', leave)
  return () => {
    observer.disconnect()
    clearTimeout(pageTimer)
    for (const timer of onScreen.values()) clearTimeout(timer ?? undefined)
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('pagehide', leave)
    flush() // the page is left: its view (if not yet sent) and the slots seen, now
  }
}
