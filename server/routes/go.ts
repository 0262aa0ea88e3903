import { clientIp } from '../client-ip.ts'
import { inlineHashes, pageCsp } from '../csp.ts'
import { createRouter, rule } from '../router.ts'

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Brand not found | GameWise</title><meta name="viewport" content="width=device-width, initial-scale=1"><style>body{font-family:system-ui,sans-serif;text-align:center;padding:48px}</style></head><body><p>Brand not found</p><p><a href="/">Go to the home page</a></p></body></html>`
// its one <style> element allowed by hash (a style attribute would need 'unsafe-inline')
const NOT_FOUND_CSP = pageCsp({ styleHashes: inlineHashes(NOT_FOUND_PAGE).styles })

export function goRouter() {
  const app = createRouter()

  // GET|HEAD /go/:brandId – record the click and send the visitor to the brand's tracked CTA URL
  app.on(['GET', 'HEAD'], '/:brandId', rule({ access: 'public', cache: 'no-store' }), async (c) => {
    const url = new URL(c.req.url)
    const location = await c.var.services.tracker.redirect(
      c.req.param('brandId'),
      { ip: clientIp(c), userAgent: c.req.header('user-agent') ?? '', method: c.req.method },
      url.searchParams,
    )
    const headers = { 'Referrer-Policy': 'strict-origin-when-cross-origin', 'X-Robots-Tag': 'noindex, nofollow' }
    if (!location) return c.html(NOT_FOUND_PAGE, 404, { ...headers, 'Content-Security-Policy': NOT_FOUND_CSP })
    return c.body(null, 302, { ...headers, Location: location })
  })

  return app
}
