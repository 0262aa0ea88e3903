import { renderPage } from 'vike/server'
import type { PageRenderer } from './app.ts'
import type { AppContext } from './context.ts'
import { REVALIDATE, SECURITY_HEADERS } from './render-cache.ts'

/** Vike's renderPage as the app's page renderer, with the services handed to +data hooks. */
export function createVikeRenderer(ctx: Pick<AppContext, 'services' | 'config'>): PageRenderer {
  return async (req) => {
    const url = new URL(req.url)
    const pageContext = await renderPage({
      urlOriginal: url.pathname + url.search,
      headersOriginal: req.headers,
      services: ctx.services,
      siteUrl: ctx.config.siteUrl,
    })
    const res = pageContext.httpResponse
    if (!res) return new Response('Not found', { status: 404 })
    const headers = new Headers(res.headers)
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) headers.set(k, v)
    headers.set('Cache-Control', res.statusCode === 200 ? REVALIDATE : 'no-store')
    return new Response(res.body, { status: res.statusCode, headers })
  }
}
