import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { type Logger, requestIdFrom, requestLineWriter, requestLog } from './logger.ts'
import type { Metrics } from './metrics.ts'
import type { AppEnv } from './app-env.ts'

/**
 * The first middleware: gives the request an id (`c.var.requestId`, echoed as `X-Request-Id`) and a
 * logger that stamps it (`c.var.log`), then writes one line per request and feeds the request metrics.
 * The line holds chosen fields only: never the URL's query, headers, cookies or bodies, where tokens
 * and keys travel (a postback's `key` is in its query string).
 */
export function requestLogger(log: Logger, metrics: Pick<Metrics, 'observeRequest'>): MiddlewareHandler<AppEnv> {
  const writeLine = requestLineWriter(log)
  return async (c, next) => {
    const start = performance.now()
    const reqId = requestIdFrom(c.req.header('x-request-id'))
    c.set('requestId', reqId)
    c.set('log', requestLog(log, reqId))
    await next()
    const ms = performance.now() - start
    const { status } = c.res
    const route = routeOf(c)
    c.res.headers.set('X-Request-Id', reqId)
    metrics.observeRequest(c.req.method, route, status, ms / 1000)
    // a 5xx is a warning here: the error itself, with its stack, is logged once by app.onError
    writeLine(reqId, c.req.method, route, status, Math.round(ms * 100) / 100, c.get('user')?.sub)
  }
}

/**
 * The pattern of the route that answered (`/api/posts/:id`, `/go/:brandId`), never the raw URL, so
 * logs group by route and metrics keep a bounded label set. Vike's catch-all page route is `page`;
 * a built asset from the in-memory static files is `static`; a request nothing answered is `unmatched`.
 */
export function routeOf(c: Context<AppEnv>): string {
  // after next(), routeIndex points at the handler that answered (later matches never ran)
  const route = matchedRoutes(c)[c.req.routeIndex]
  if (!route) return 'unmatched'
  if (route.path !== '*' && route.path !== '/*') return route.path
  if (route.method !== 'ALL') return 'page'
  return c.res.status === 404 ? 'unmatched' : 'static'
}
