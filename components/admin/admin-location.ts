import type { PostType } from '../../lib/schemas.ts'
import { goLocation, useGuardedLocation } from './guarded-location.ts'

/**
 * Where the content admin is (issue 25: "a post has an address"): the tab and the post being edited
 * live in the URL's query, `/admin?tab=articles&post=rtp-explained`, so reload, Back and a shared link
 * reopen the same post in edit mode. The query, not the path: the server renders (and caches) /admin
 * once whatever follows the `?` (server/app.ts PAGE_QUERY), and the panel reads it in the browser.
 */
export type AdminTab = 'hero' | 'featured' | 'articles' | 'bottom-articles' | 'info' | 'authors' | 'trash'
/**
 * `title` (issue 26): a new post's title to start from, `/admin?tab=articles&title=…` (the search
 * statistics' "write about this" link); only read when no post is open.
 */
export type AdminLocation = { tab: AdminTab; post: string | null; title?: string | null }

/** The tabs that edit posts; the others (info pages, authors, the Trash) are panels of their own. */
export const TAB_TYPES: Record<Exclude<AdminTab, 'info' | 'authors' | 'trash'>, PostType> = { hero: 'hero', featured: 'featured', articles: 'article', 'bottom-articles': 'articleBottom' }
const TABS = new Set<string>(['hero', 'featured', 'articles', 'bottom-articles', 'info', 'authors', 'trash'])
const EVENT = 'gamewise:admin-location'

export function readAdminLocation(search = typeof window === 'undefined' ? '' : window.location.search): AdminLocation {
  const q = new URLSearchParams(search)
  const tab = q.get('tab') ?? 'hero'
  const post = q.get('post')
  const title = q.get('title')?.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 200) || null
  return { tab: (TABS.has(tab) ? tab : 'hero') as AdminTab, post: post && /^[A-Za-z0-9_-]{1,100}$/.test(post) ? post : null, title }
}

export function adminHref(loc: AdminLocation): string {
  const q = new URLSearchParams({ tab: loc.tab, ...(loc.post ? { post: loc.post } : loc.title ? { title: loc.title } : {}) })
  return `/admin?${q}`
}

/** Moves the admin to `loc`: a new history entry (Back returns), or in place (`replace`, e.g. a post's new address after a save). */
export function goAdmin(loc: AdminLocation, opts: { replace?: boolean } = {}) {
  goLocation(adminHref(loc), EVENT, opts)
}

const same = (a: AdminLocation, b: AdminLocation) => a.tab === b.tab && a.post === b.post && a.title === b.title
const readHere = () => readAdminLocation()

/**
 * The admin's location, following Back/Forward and goAdmin. Back or Forward away from a form with unsaved
 * changes asks first, like every other way out; an editor who stays is put back where they were.
 */
export function useAdminLocation(): AdminLocation {
  return useGuardedLocation('/admin', EVENT, readHere, same)
}
