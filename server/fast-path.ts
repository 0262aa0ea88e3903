import { requestClientIp } from './client-ip.ts'
import type { Config } from './config.ts'
import { decideCountry } from './geo/visitor-country.ts'
import type { IpCountryDb } from './geo/ip-country-db.ts'
import { type RequestLineWriter, requestIdFrom, safeRequestId } from './logger.ts'
import type { Metrics } from './metrics.ts'
import { answerFrom, cacheKey, normalisePath, type RenderCache } from './render-cache.ts'
import type { CountryProfiles } from './brands/country-profiles.ts'
import { type StaticFile, serveStatic } from './static-files.ts'

export type FastPathDeps = {
  config: Pick<Config, 'trustProxy' | 'geoHeader' | 'hitLogSample'>
  renderCache: RenderCache
  staticFiles?: ReadonlyMap<string, StaticFile>
  ipCountry: IpCountryDb
  countryProfiles: Pick<CountryProfiles, 'knownKey'>
  metrics: Pick<Metrics, 'observeRequest' | 'enabled'>
  writeLine: RequestLineWriter
}

/**
 * Answers that need none of the app's middleware, given before routing: static files and render-cache
 * hits. Both are made whole in advance (bodies, headers, the site's base headers: server/static-files.ts,
 * server/render-cache.ts), so a hit costs a map lookup and a Response over a prepared Blob and header set
 * (issue 24: the Hono chain, a context, routing and pino's object path cost a cached home page about half
 * its speed). Its metrics are observed when metrics are on; its request line is written for one answer in
 * `hitLogSample` (marked `"sample":N`), since writing one per hit was about a third of a hit's time under
 * load and hundreds of MB of log; only a logged answer gets a new request id (an id naming no line
 * identifies nothing), while a caller's own safe `X-Request-Id` is always echoed.
 *
 * Anything else answers `undefined` and goes through the app: a method other than GET/HEAD, a path
 * the cache has not seen answered, a miss, a token on a route it may enrich (`richerFor`), a country
 * profile not worked out yet in this generation. What a hit answers is what the route would answer:
 * its key is built by the same `cacheKey` from the rule the route declared (remembered by servePublic).
 */
export function createFastPath(deps: FastPathDeps) {
  const { renderCache, staticFiles, metrics, writeLine } = deps
  const country = { header: deps.config.geoHeader, db: deps.ipCountry }
  const hops = deps.config.trustProxy
  const sample = deps.config.hitLogSample
  const timed = metrics.enabled
  // answers left until the next one whose line is written
  let untilLogged = 1

  return function answerBeforeRouting(req: Request, server?: unknown): Response | undefined {
    const method = req.method
    if (method !== 'GET' && method !== 'HEAD') return undefined
    const logged = sample > 0 && untilLogged === 1
    const start = logged || timed ? performance.now() : 0
    const url = req.url
    const pathStart = url.indexOf('/', url.indexOf('//') + 2)
    const queryStart = url.indexOf('?', pathStart)
    const rawPath = queryStart < 0 ? url.slice(pathStart) : url.slice(pathStart, queryStart)

    let res: Response
    let route: string
    const file = staticFiles?.get(rawPath)
    if (file) {
      res = serveStatic(file, req)
      route = 'static'
    } else {
      const path = normalisePath(rawPath)
      const hit = renderCache.routeFor(path)
      if (!hit || (hit.richer && req.headers.has('authorization'))) return undefined
      let key = hit.query.length && queryStart >= 0 ? cacheKey(new URL(url), hit.query) : path
      if (hit.byCountry) {
        const sent = country.header ? (req.headers.get(country.header) ?? undefined) : undefined
        const visitor = decideCountry(country, sent, () => requestClientIp(req, server, hops))
        const profile = visitor === 'loading' ? undefined : deps.countryProfiles.knownKey(visitor)
        if (profile === undefined) return undefined
        key += `#geo:${profile}`
      }
      const entry = renderCache.get(key, false)
      if (!entry) return undefined
      renderCache.revalidate()
      res = answerFrom(entry, req)
      route = hit.route
    }
    const sent = req.headers.get('x-request-id') ?? undefined
    if (!logged) {
      if (sample > 0) untilLogged--
      if (sent !== undefined && safeRequestId(sent)) res.headers.set('X-Request-Id', sent)
      if (timed) metrics.observeRequest(method, route, res.status, (performance.now() - start) / 1000)
      return res
    }
    untilLogged = sample
    const reqId = requestIdFrom(sent)
    res.headers.set('X-Request-Id', reqId)
    const ms = performance.now() - start
    if (timed) metrics.observeRequest(method, route, res.status, ms / 1000)
    writeLine(reqId, method, route, res.status, Math.round(ms * 100) / 100, undefined, sample > 1 ? sample : undefined)
    return res
  }
}
