import { clientIp } from '../client-ip.ts'
import { createRouter, rule } from '../router.ts'

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Brand not found | GameWise</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:48px"><p>Brand not found</p><p><a href="/">Go to the home page</a></p></body></html>`

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
    if (!location) return c.html(NOT_FOUND_PAGE, 404, headers)
    return c.body(null, 302, { ...headers, Location: location })
  })

  return app
}
