import { type GoOutcome, readFetchMetadata } from '../attribution/tracker.ts'
import { requestMeta } from '../request-meta.ts'
import { inlineHashes, pageCsp } from '../csp.ts'
import { createRouter, rule } from '../router.ts'

const STYLE = '<style>body{font-family:system-ui,sans-serif;text-align:center;padding:48px}ul{list-style:none;padding:0}li{margin:8px 0}</style>'
const head = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${title} | GameWise</title><meta name="viewport" content="width=device-width, initial-scale=1">${STYLE}</head>`
const NOT_FOUND_PAGE = `${head('Brand not found')}<body><p>Brand not found</p><p><a href="/">Go to the home page</a></p></body></html>`
// each page's one <style> element allowed by hash (a style attribute would need 'unsafe-inline')
const PAGE_CSP = pageCsp({ styleHashes: inlineHashes(STYLE).styles })

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

type Unavailable = Extract<GoOutcome, { kind: 'unavailable' }>
/**
 * Why nobody is sent on, as a status and words: 451 Unavailable For Legal Reasons (RFC 7725) where the
 * operator holds no licence in the visitor's country — not a 200 a monitor would take for the partner's
 * page, nor a 403 that reads as the visitor's fault; 410 Gone for an offer that is over; 404 for one not yet on.
 */
const WHY: Record<Unavailable['reason'], { status: 451 | 410 | 404; heading: (name: string) => string; instead: string }> = {
  blocked: { status: 451, heading: (name) => `${name} is not available in your country`, instead: 'Brands available where you are:' },
  ended: { status: 410, heading: (name) => `This ${name} offer has ended`, instead: 'Offers available where you are:' },
  upcoming: { status: 404, heading: (name) => `This ${name} offer has not started yet`, instead: 'Offers available where you are:' },
}

/** The one page /go answers when it sends nobody on: why, and the brands the visitor may see instead. */
function unavailablePage(outcome: Unavailable) {
  const why = WHY[outcome.reason]
  const title = why.heading(escapeHtml(outcome.brand.brandName))
  const list = outcome.alternatives.length
    ? `<p>${why.instead}</p><ul>${outcome.alternatives.map((b) => `<li><a href="/brands/${encodeURIComponent(b._id)}">${escapeHtml(b.brandName)}</a></li>`).join('')}</ul>`
    : ''
  return `${head(title)}<body><h1>${title}</h1>${list}<p><a href="/">Go to the home page</a></p></body></html>`
}

export function goRouter() {
  const app = createRouter()

  // GET|HEAD /go/:brandId – record the click and send the visitor to the brand's tracked CTA URL
  // (top-level navigations only: an image, frame, script or fetch gets a 403 and counts nothing)
  app.on(['GET', 'HEAD'], '/:brandId', rule({ access: 'public', cache: 'no-store' }), async (c) => {
    const outcome = await c.var.services.tracker.go(c.req.param('brandId'), requestMeta(c), new URL(c.req.url).searchParams, readFetchMetadata(c.req.raw.headers))
    // the site's base headers (Referrer-Policy: partners see the origin, not the page) come with every answer
    const headers = { 'X-Robots-Tag': 'noindex, nofollow' }
    const page = { ...headers, 'Content-Security-Policy': PAGE_CSP }
    if (!outcome) return c.html(NOT_FOUND_PAGE, 404, page)
    if (outcome.kind === 'refused') return c.json({ message: 'This link counts and forwards only when it is opened as a page, not loaded as an image, frame, script or fetch', code: 'forbidden' }, 403, headers)
    if (outcome.kind === 'unavailable') return c.html(unavailablePage(outcome), WHY[outcome.reason].status, page)
    return c.body(null, 302, { ...headers, Location: outcome.location })
  })

  return app
}
