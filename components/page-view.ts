import { useEffect } from 'react'
import { pageKey, pageOf, SLOT_NAMES } from '../lib/attribution.ts'

/** How much of an offer slot must be on screen for it to count as seen: half of it, or half the screen for a slot taller than that. */
const SEEN_RATIO = 0.5
/** Slots seen while scrolling are reported together, this long after the last one came into view. */
const BATCH_MS = 400

const isSlot = (s: string | undefined): s is string => Boolean(s) && (SLOT_NAMES as string[]).includes(s!)

/**
 * Counts a person's view of a page and of the offer slots they saw (issues 21 and 35): pages are served
 * from a cache, so the browser reports them. The page (kind and id from its URL) is reported once it is
 * shown, with the offer slots then on screen; a slot scrolled into view later is reported when it comes
 * (an IntersectionObserver, half of it visible). A slot that is in the page but never on screen — the phone
 * bar on a wide screen (display: none), a box below the fold nobody reached — is never counted as seen, so
 * click-through rates compare clicks with what people saw. First-party, without cookies or storage: the
 * server counts each once per visitor per page per hour and leaves bots out.
 */
export function usePageViewBeacon(pathname: string, notFound: boolean, marketPrefix = '') {
  useEffect(() => {
    const page = pageOf(pathname, notFound, marketPrefix)
    if (page.page === 'unknown') return // account and admin pages show no offers
    const key = pageKey(page)
    const send = (slots: string[]) => {
      fetch('/api/track/view', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: key, slots }), keepalive: true }).catch(() => {})
    }
    const elements = [...document.querySelectorAll<HTMLElement>('[data-slot]')].filter((el) => isSlot(el.dataset.slot))
    // no slots, or no way to tell what is on screen: the page alone (a slot clicked still counts as seen: the server adds it)
    if (!elements.length || typeof IntersectionObserver === 'undefined') return send([])

    const reported = new Set<string>()
    let pageSent = false
    let pending: string[] = []
    let timer: ReturnType<typeof setTimeout> | undefined
    const flush = () => {
      timer = undefined
      if (pageSent && !pending.length) return
      send(pending)
      pageSent = true
      pending = []
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const slot = (e.target as HTMLElement).dataset.slot
          const tall = e.boundingClientRect.height > window.innerHeight
          const seen = e.isIntersecting && (tall ? e.intersectionRect.height >= window.innerHeight * SEEN_RATIO : e.intersectionRatio >= SEEN_RATIO)
          if (!seen || !isSlot(slot)) continue
          observer.unobserve(e.target)
          if (reported.has(slot)) continue
          reported.add(slot)
          pending.push(slot)
        }
        // the first answer says what is on screen as the page opens: the page's view goes at once, with those slots
        if (!pageSent) flush()
        else if (pending.length && !timer) timer = setTimeout(flush, BATCH_MS)
      },
      { threshold: [0, 0.25, SEEN_RATIO, 0.75, 1] },
    )
    for (const el of elements) observer.observe(el)
    return () => {
      observer.disconnect()
      if (timer) {
        clearTimeout(timer)
        flush() // slots seen just before leaving the page still count
      }
    }
  }, [pathname, notFound, marketPrefix])
}
