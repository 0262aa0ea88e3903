import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as z from 'zod'
import type { VisitorCountry } from '../lib/geo.ts'
import type { Config } from './config.ts'
import type { Services } from './context.ts'
import { AppError } from './errors.ts'
import { visitorCountry } from './geo/visitor-country.ts'
import { createFastPath } from './fast-path.ts'
import { createLogger, type Logger, requestLineWriter } from './logger.ts'
import type { RenderCache } from './render-cache.ts'
import type { PageInit, PageRenderer } from './page-renderer.ts'
import { isCountryPage, MARKET_SEGMENT, PAGE_QUERY } from './page-rules.ts'
import { onlyQuery } from './render-cache.ts'
import type { AppEnv } from './app-env.ts'
import { assertEveryRouteHasARule, NO_STORE, rule } from './router.ts'
import { authRouter } from './routes/auth.ts'
import { authorsRouter } from './routes/authors.ts'
import { brandsRouter } from './routes/brands.ts'
import { clicksRouter } from './routes/clicks.ts'
import { feedsRouter } from './routes/feeds.ts'
import { geoRouter } from './routes/geo.ts'
import { goRouter } from './routes/go.ts'
import { healthRouter } from './routes/health.ts'
import { infoPagesRouter } from './routes/info-pages.ts'
import { mediaLibraryRouter } from './routes/media-library.ts'
import { usersRouter } from './routes/users.ts'
import { auditRouter } from './routes/audit.ts'
import { mediaRouter } from './routes/media.ts'
import { metricsRouter } from './routes/metrics.ts'
import { postbackRouter } from './routes/postback.ts'
import { postsRouter } from './routes/posts.ts'
import { marketsRouter } from './routes/markets.ts'
import { conversionsRouter } from './routes/conversions.ts'
import { ratesRouter } from './routes/rates.ts'
import { reportsRouter } from './routes/reports.ts'
import { recordSearch, searchRouter } from './routes/search.ts'
import { previewLinksRouter, previewPagesRouter } from './routes/preview.ts'
import { trackRouter } from './routes/track.ts'
import { siteSettingsRouter } from './routes/site-settings.ts'
import { requestLogger } from './request-log.ts'
import { securityHeaders } from './security-headers.ts'
import { serveStatic, type StaticFile } from './static-files.ts'

export type { AppEnv } from './app-env.ts'

export type { PageInit, PageRenderer } from './page-renderer.ts'

export type AppDeps = {
  config: Config
  services: Services
  store: { kind: 'sqlite' | 'mongodb' }
  renderCache: RenderCache
  renderPage?: PageRenderer
  staticFiles?: ReadonlyMap<string, StaticFile>
  /** the context's logger (`ctx.log`); one from the config when absent */
  log?: Logger
}

/** Pages whose every request is observed (server/router.ts `observe`): a search counts what readers search for. */
const PAGE_OBSERVE: Readonly<Record<string, (c: Context<AppEnv>) => void>> = {
  '/search': recordSearch,
}

export function createApp(deps: AppDeps) {
  const { config, services, renderCache } = deps
  const app = new Hono<AppEnv>()
  const log = deps.log ?? createLogger(config)

  // first, so every request (static files included) gets an id, a log line and its metrics
  app.use('*', requestLogger(log, services.metrics))

  // static files carry the base headers from when they were loaded (loadStaticFiles); most are answered
  // before routing (server/fast-path.ts), the rest (a path spelt with escapes) here
  if (deps.staticFiles?.size) {
    const files = deps.staticFiles
    app.use('*', async (c, next) => {
      const file = (c.req.method === 'GET' || c.req.method === 'HEAD') && files.get(c.req.path)
      return file ? serveStatic(file, c.req.raw) : next()
    })
  }
  // every other answer, errors and 404s included, gets the same base headers (server/security-headers.ts)
  app.use('*', securityHeaders(config))

  app.use('*', async (c, next) => {
    c.set('services', services)
    c.set('config', config)
    c.set('renderCache', renderCache)
    await next()
  })
  // the visitor's country, once per request: c.var.country (compliance: geo-targeted offers)
  app.use('*', visitorCountry({ header: config.geoHeader, db: services.ipCountry }))

  app.use('/api/*', async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', NO_STORE)
  })

  // Who may call each route, how its answer is cached and how large a body it takes is declared
  // beside the route, with rule(…) (server/router.ts).
  app.route('/api/health', healthRouter(deps.store.kind))
  app.route('/api/auth', authRouter())
  app.route('/api/posts', postsRouter())
  app.route('/api/brands', brandsRouter())
  app.route('/api/clicks', clicksRouter())
  app.route('/api/postback', postbackRouter())
  app.route('/api/reports', reportsRouter())
  app.route('/api/conversions', conversionsRouter())
  app.route('/api/rates', ratesRouter())
  app.route('/api/search', searchRouter())
  app.route('/api/track', trackRouter())
  app.route('/api/site-settings', siteSettingsRouter())
  app.route('/api/info-pages', infoPagesRouter())
  app.route('/api/authors', authorsRouter())
  app.route('/api/markets', marketsRouter())
  app.route('/api/geo', geoRouter())
  app.route('/api/users', usersRouter())
  app.route('/api/media', mediaLibraryRouter())
  app.route('/api/audit', auditRouter())
  app.route('/api/preview-links', previewLinksRouter())
  app.route('/media', mediaRouter())
  app.route('/go', goRouter())
  app.route('/metrics', metricsRouter())
  app.route('/', feedsRouter()) // robots.txt, sitemaps, RSS: before the pages' catch-all
  app.all('/api/*', (c) => c.json({ message: 'Not found', code: 'not_found' }, 404))

  if (deps.renderPage) {
    const render = deps.renderPage
    // an editor's preview of a draft: rendered per request, never cached (server/routes/preview.ts)
    app.route('/preview', previewPagesRouter(render))
    // pages are public and not personalised: rendered once per URL (minus query noise), then cached;
    // those that depend on the visitor's country once per country profile. Other pages are shared by
    // every country, so they render with no country at all: one visitor's must not be frozen into everyone's.
    // issue 23: a market's pages live under its prefix (/ca-on/brands/x); the market is a map lookup on
    // the path's first segment, and its pages are cached under their own paths like any other
    const countryPage = (path: string) => isCountryPage(path, services.markets.prefixes())
    const country = { country: countryPage }
    const init = (c: { req: { path: string }; var: { country: VisitorCountry } }): PageInit => {
      const { market, prefix } = services.markets.split(c.req.path)
      return { visitorCountry: countryPage(c.req.path) ? c.var.country : null, errorPageCountry: c.var.country, market, marketPrefix: prefix, marketPrefixes: [...services.markets.prefixes()] }
    }
    for (const [path, query] of Object.entries(PAGE_QUERY)) {
      const page = rule({ access: 'public', cache: 'public', query, vary: country, observe: PAGE_OBSERVE[path] })
      // the page, and its data for client-side navigation (Vike's pageContext.json), read the same parameters;
      // under a market's prefix too (an unknown prefix renders the 404 page, never cached)
      for (const p of [path, `${path}/index.pageContext.json`, `/:market{${MARKET_SEGMENT}}${path}`, `/:market{${MARKET_SEGMENT}}${path}/index.pageContext.json`])
        app.get(p, page, async (c) => render(pageRequest(c.req.raw, query), init(c)))
    }
    app.get('*', rule({ access: 'public', cache: 'public', vary: country }), async (c) => render(pageRequest(c.req.raw, []), init(c)))
  }

  app.onError((err, c) => {
    if (err instanceof AppError) return c.json({ ...err.extra, message: err.message, code: err.code, ...(err.details ? { issues: err.details } : {}) }, err.status)
    if (err instanceof z.ZodError) {
      const issues = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
      return c.json({ message: `Invalid ${issues[0]?.path || 'request'}: ${issues[0]?.message}`, code: 'bad_request', issues }, 400)
    }
    if (err instanceof HTTPException) return c.json({ message: err.message || 'Bad request', code: err.status === 413 ? 'payload_too_large' : 'bad_request' }, err.status)
    // the detail goes to the log only, under the request's id (the path, never the query: keys travel there)
    c.get('log').error({ err, method: c.req.method, path: c.req.path }, 'request failed')
    return c.json({ message: 'Something went wrong on our side. Please try again.', code: 'internal' }, 500)
  })

  assertEveryRouteHasARule(app)

  // static files and render-cache hits need none of the above: answered before routing, with the same
  // headers, request id, metrics and log line (server/fast-path.ts)
  const answerBeforeRouting = createFastPath({
    config,
    renderCache,
    staticFiles: deps.staticFiles,
    ipCountry: services.ipCountry,
    countryProfiles: services.countryProfiles,
    metrics: services.metrics,
    writeLine: requestLineWriter(log),
  })
  const routed = app.fetch
  app.fetch = (req, env, executionCtx) => {
    let early: Response | undefined
    try {
      early = answerBeforeRouting(req, env)
    } catch (err) {
      // it only reads: the app can still answer this request
      log.error({ err, method: req.method }, 'answering before routing failed')
    }
    return early ?? routed(req, env, executionCtx)
  }
  return app
}

/**
 * The request a page renders from: the URL it is cached under (its path in one spelling, only the query
 * parameters pages read), so neither noise nor another spelling can vary the HTML.
 */
function pageRequest(req: Request, keep: readonly string[]): Request {
  const url = new URL(req.url)
  const canonical = onlyQuery(url, keep)
  return canonical.href === url.href ? req : new Request(canonical, { headers: req.headers, method: req.method })
}
