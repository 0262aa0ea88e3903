import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Role } from '../lib/roles.ts'
import { callerWithRole, requireRole } from './access.ts'
import type { AppEnv } from './app-env.ts'
import { acceptsGzip, answerFrom, cacheKey, type HitRoute, makeEntry, normalisePath, type RenderCache, REVALIDATE } from './render-cache.ts'
import { routeOf } from './request-log.ts'
import { type Actor, runAs } from './operations/audit.ts'
import { clientIp } from './client-ip.ts'

/** A router for one resource; its routes each start with a `rule(…)` (checked at start, see `assertEveryRouteHasARule`). */
export const createRouter = () => new Hono<AppEnv>()

/**
 * How an answer may be cached:
 * - `public`: not personalised; kept in the render cache (keyed by path plus the declared `query`
 *   parameters), served with an ETag and `public, max-age=0, must-revalidate`;
 * - `immutable`: content-addressed bytes, cached for a year;
 * - `no-store`: never stored anywhere (authenticated, personal or state-changing answers);
 * - `private` (accounts' routes only): `private, no-store`, said twice for proxies that read only one
 *   (reports: issue 21).
 */
export type CachePolicy = 'public' | 'immutable' | 'no-store'

export type RouteRule = (
  | {
      access: 'public'
      cache: CachePolicy
      /**
       * An account with this role gets a richer answer (an editor's view): its token is verified, and its
       * answer is personal (`no-store`, never in the render cache). Every other caller, whatever token
       * they send, is answered as an anonymous visitor, from the cache.
       */
      richerFor?: Exclude<Role, 'user'>
      /**
       * Seconds a browser or CDN may keep the answer without asking again (suggestions as you type): sent
       * as `public, max-age=N` instead of revalidating every time. Still cleared here by content writes.
       */
      maxAge?: number
    }
  // an answer that needs an account is personal: never stored
  | { access: Exclude<Role, 'user'>; cache?: 'no-store' | 'private' }
) & {
  /** the largest request body accepted, in bytes (default `DEFAULT_BODY_LIMIT`) */
  bodyLimit?: number
  /** the query parameters the answer depends on: the only ones that make a new render-cache entry */
  query?: readonly string[]
  /**
   * The answer depends on the visitor's country (it lists offers): cached once per country *profile*
   * (server/brands/country-profiles.ts), not per country, and sent with `Vary: <GEO_HEADER>` when a
   * CDN header is configured. A function decides per path (pages are one route).
   */
  vary?: 'country' | { country: (path: string) => boolean }
  /**
   * Told of every answered GET, cache hits included, after the answer is made (search statistics: what
   * readers search for). It must not wait or throw. A route with an observer is never answered before
   * routing (server/fast-path.ts), which would skip it.
   */
  observe?: (c: Context<AppEnv>) => void
}

/** Does this request's answer depend on the visitor's country under `rule`? */
export function variesByCountry(r: Pick<RouteRule, 'vary'>, path: string): boolean {
  if (!r.vary) return false
  return r.vary === 'country' || r.vary.country(path)
}

export const DEFAULT_BODY_LIMIT = 64 * 1024
export const NO_STORE = 'no-store'
export const PRIVATE_NO_STORE = 'private, no-store'
export const IMMUTABLE = 'public, max-age=31536000, immutable'

const kb = (n: number) => (n >= 1024 * 1024 ? `${n / 1024 / 1024} MB` : `${Math.round(n / 1024)} KB`)

type RuleMiddleware = MiddlewareHandler<AppEnv> & { rule: RouteRule }

/**
 * The first handler of every route: who may call it, how its answer is cached and how large a body it
 * takes, declared where the route is defined (Ghost's endpoints declare `permissions` and `cache` the
 * same way). On a public route a token is ignored unless it adds rights (`richerFor`): then the answer
 * is the caller's own, `no-store`, and bypasses the render cache.
 */
export function rule(r: RouteRule): RuleMiddleware {
  const limit = bodyLimit({
    maxSize: r.bodyLimit ?? DEFAULT_BODY_LIMIT,
    onError: (c) => c.json({ message: `Request body is larger than ${kb(r.bodyLimit ?? DEFAULT_BODY_LIMIT)}`, code: 'payload_too_large' }, 413),
  })
  const cachePolicy = r.access === 'public' ? r.cache : (r.cache ?? 'no-store')
  const publicCacheControl = r.access === 'public' && r.maxAge ? `public, max-age=${Math.floor(r.maxAge)}` : REVALIDATE
  // what servePublic tells the render cache about this route (one object per route name and country choice)
  const hitRoutes = new Map<string, HitRoute>()
  const hitRoute = (c: Parameters<MiddlewareHandler<AppEnv>>[0]): HitRoute => {
    const route = routeOf(c)
    const byCountry = variesByCountry(r, c.req.path)
    const name = `${byCountry} ${route}`
    let found = hitRoutes.get(name)
    if (!found) hitRoutes.set(name, (found = { route, query: r.query ?? [], byCountry, richer: r.access === 'public' && r.richerFor !== undefined, cacheControl: publicCacheControl, routed: r.observe !== undefined }))
    return found
  }

  const serve: MiddlewareHandler<AppEnv> = async (c, next) => {
    // a verified caller (an access rule, or a richerFor role) gets an answer of their own
    const personal = c.var.user !== undefined
    const read = c.req.method === 'GET' || c.req.method === 'HEAD'
    if (cachePolicy === 'public' && read && !personal) return servePublic(c, next, hitRoute(c))
    await next()
    const status = c.res.status
    c.res.headers.set(
      'Cache-Control',
      cachePolicy === 'private' ? PRIVATE_NO_STORE : personal || cachePolicy === 'no-store' || status >= 300 ? NO_STORE : cachePolicy === 'immutable' ? IMMUTABLE : publicCacheControl,
    )
  }
  // access first: a caller without rights is refused before any of their body is read
  const mw = (async (c, next) => {
    if (r.access !== 'public') {
      const denied = await requireRole(c, r.access)
      if (denied) return denied
    } else if (r.richerFor) {
      const caller = await callerWithRole(c, r.richerFor)
      if (caller) c.set('user', caller)
    }
    const handle = () => limit(c, () => serve(c, next) as Promise<void>)
    // public reads write nothing: only the others carry an author for the audit log (not /go's hot path)
    const read = c.req.method === 'GET' || c.req.method === 'HEAD'
    if (r.access === 'public' && read) {
      const res = await handle()
      if (r.observe && c.req.method === 'GET') {
        try {
          r.observe(c)
        } catch (err) {
          c.var.log.error({ err }, 'route observer failed') // statistics never cost a visitor their answer
        }
      }
      return res
    }
    return runAs(httpActor(c), handle)
  }) as RuleMiddleware
  mw.rule = r
  return mw
}

/** Who is writing, for the audit log: the verified caller, or `anonymous` (an open sign-up). */
function httpActor(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Actor {
  const user = c.var.user
  // the address is worked out only if something is recorded
  return {
    actor: user?.username || 'anonymous',
    actorId: user?.sub ?? null,
    role: user?.role ?? null,
    via: 'http',
    get ip() {
      return clientIp(c)
    },
  }
}

/**
 * A public GET from the render cache, filling it from the handler on a miss (200s only). A path with an
 * entry is remembered with its route, so the next request for it is answered before routing
 * (server/fast-path.ts).
 */
async function servePublic(c: Parameters<MiddlewareHandler<AppEnv>>[0], next: () => Promise<void>, route: HitRoute) {
  const cache = c.var.renderCache
  cache.revalidate()
  // taken before the country's key is read: a brand write after this point makes the entry unkeepable
  const gen = cache.generation
  const url = new URL(c.req.url)
  let key = cacheKey(url, route.query)
  // countries that see the same offers share one entry: bounded variants, not one per country
  if (route.byCountry) key += `#geo:${await c.var.services.countryProfiles.keyFor(c.var.country)}`
  const hit = cache.get(key)
  if (hit) {
    if (!route.routed) cache.rememberRoute(normalisePath(url.pathname), route)
    return answerFrom(hit, c.req.raw)
  }
  await next()
  // a handler's own no-store is kept (the pages' error answers: server/vike-renderer.ts)
  if (c.res.status !== 200 || c.res.headers.has('set-cookie') || /\bno-store\b/.test(c.res.headers.get('cache-control') ?? '')) {
    c.res.headers.set('Cache-Control', NO_STORE)
    return
  }
  c.res.headers.set('Cache-Control', route.cacheControl)
  const headers: Record<string, string> = {}
  c.res.headers.forEach((v, k) => {
    headers[k] = v
  })
  // a CDN keeps one copy per country header value, as this cache keeps one per profile (makeEntry adds
  // it to Vary; set on the entry only, since Hono copies the old answer's headers over the new one's)
  if (route.byCountry && c.var.config.geoHeader) headers.vary = c.var.config.geoHeader
  // a cache that keeps nothing (RENDER_CACHE_MB=0) makes the entry for this client only: gzipped only if it takes gzip
  const entry = makeEntry(200, headers, new Uint8Array(await c.res.arrayBuffer()), cache.baseHeaders, cache.maxBytes > 0 || acceptsGzip(c.req.raw))
  cache.set(key, entry, gen)
  if (!route.routed) cache.rememberRoute(normalisePath(url.pathname), route)
  c.res = answerFrom(entry, c.req.raw)
}

export const ruleOf = (handler: unknown): RouteRule | undefined => (handler as Partial<RuleMiddleware>)?.rule

export type DeclaredRoute = { method: string; path: string; rule: RouteRule }

/** Every route of the app with its rule (the authorisation and fuzz tests walk this table). */
export function declaredRoutes(app: Hono<AppEnv>): DeclaredRoute[] {
  return app.routes.flatMap((r) => {
    const found = ruleOf(r.handler)
    return found ? [{ method: r.method, path: r.path, rule: found }] : []
  })
}

/**
 * Fails the start when a route has no rule: a new route cannot forget to say who may call it or how
 * its answer is cached. (`app.use` middleware and the catch-all 404 are registered as method ALL.)
 */
export function assertEveryRouteHasARule(app: Hono<AppEnv>) {
  const ruled = new Set(declaredRoutes(app).map((r) => `${r.method} ${r.path}`))
  const missing = [...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))].filter((k) => !ruled.has(k))
  if (missing.length) throw new Error(`Routes without a rule(…) (access and caching): ${missing.join(', ')}`)
}
