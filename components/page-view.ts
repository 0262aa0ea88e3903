import { useEffect } from 'react'
import { pageKey, pageOf, SLOT_NAMES } from '../lib/attribution.ts'

/**
 * Counts a person's view of a page (issue 21): pages are served from a cache, so the browser reports
 * it — the page (kind and id from its URL) and the offer slots it shows (elements marked `data-slot`).
 * First-party, without cookies or storage: the server counts one view per visitor per page per hour and
 * leaves bots out. The denominator of click-through rates and revenue per 1,000 views.
 */
export function usePageViewBeacon(pathname: string, notFound: boolean, marketPrefix = '') {
  useEffect(() => {
    const page = pageOf(pathname, notFound, marketPrefix)
    if (page.page === 'unknown') return // account and admin pages show no offers
    const slots = [...new Set([...document.querySelectorAll<HTMLElement>('[data-slot]')].map((el) => el.dataset.slot ?? ''))].filter((s) => (SLOT_NAMES as string[]).includes(s))
    const body = JSON.stringify({ page: pageKey(page), slots })
    fetch('/api/track/view', { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true }).catch(() => {})
  }, [pathname, notFound, marketPrefix])
}
