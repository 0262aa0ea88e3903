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

/** The answer to /go for a brand that may not be shown in the visitor's country: where to go instead. */
function notAvailablePage(brandName: string, alternatives: { _id: string; brandName: string }[]) {
  const name = escapeHtml(brandName)
  const list = alternatives.length
    ? `<p>Brands available where you are:</p><ul>${alternatives.map((b) => `<li><a href="/brands/${encodeURIComponent(b._id)}">${escapeHtml(b.brandName)}</a></li>`).join('')}</ul>`
    : ''
  return `${head(`${name} is not available in your country`)}<body><h1>${name} is not available in your country</h1>${list}<p><a href="/">Go to the home page</a></p></body></html>`
}

/** The answer to /go for an offer that has ended or not begun (issue 22): other offers instead. */
function endedPage(brandName: string, state: 'upcoming' | 'ended' | 'active', alternatives: { _id: string; brandName: string }[]) {
  const name = escapeHtml(brandName)
  const what = state === 'upcoming' ? 'has not started yet' : 'has ended'
  const list = alternatives.length
    ? `<p>Offers available where you are:</p><ul>${alternatives.map((b) => `<li><a href="/brands/${encodeURIComponent(b._id)}">${escapeHtml(b.brandName)}</a></li>`).join('')}</ul>`
    : ''
  return `${head(`This ${name} offer ${what}`)}<body><h1>This ${name} offer ${what}</h1>${list}<p><a href="/">Go to the home page</a></p></body></html>`
}

export function goRouter() {
  const app = createRouter()

  // GET|HEAD /go/:brandId – record the click and send the visitor to the brand's tracked CTA URL
  app.on(['GET', 'HEAD'], '/:brandId', rule({ access: 'public', cache: 'no-store' }), async (c) => {
    const url = new URL(c.req.url)
    const result = await c.var.services.tracker.redirect(c.req.param('brandId'), requestMeta(c), url.searchParams)
    // the site's base headers (Referrer-Policy: partners see the origin, not the page) come with every answer
    const headers = { 'X-Robots-Tag': 'noindex, nofollow' }
    const page = { ...headers, 'Content-Security-Policy': PAGE_CSP }
    if (!result) return c.html(NOT_FOUND_PAGE, 404, page)
    if ('blocked' in result) {
      // 451 Unavailable For Legal Reasons (RFC 7725): the operator holds no licence here. Not a 200 a
      // monitor would take for the partner's page, nor a 403 that reads as the visitor's fault.
      const alternatives = await c.var.services.brands.alternatives(result.blocked._id, c.var.country)
      return c.html(notAvailablePage(result.blocked.brandName, alternatives), 451, page)
    }
    if ('ended' in result) {
      // 410 Gone: the offer behind this link is over (or not yet on); nobody is sent to a lapsed promotion
      const alternatives = await c.var.services.brands.alternatives(result.ended._id, c.var.country)
      const state = c.var.services.brands.offerState(result.ended)
      return c.html(endedPage(result.ended.brandName, state, alternatives), state === 'upcoming' ? 404 : 410, page)
    }
    return c.body(null, 302, { ...headers, Location: result.location })
  })

  return app
}
