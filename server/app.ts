import { Hono, type MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as z from 'zod'
import { editorAccess } from './access.ts'
import type { Config } from './config.ts'
import { AppError } from './errors.ts'
import { answerFrom, makeEntry, type RenderCache, REVALIDATE, SECURITY_HEADERS } from './render-cache.ts'
import { authRouter } from './routes/auth.ts'
import { brandsRouter } from './routes/brands.ts'
import { clicksRouter } from './routes/clicks.ts'
import { goRouter } from './routes/go.ts'
import { postbackRouter } from './routes/postback.ts'
import { reportsRouter } from './routes/reports.ts'
import { trackRouter } from './routes/track.ts'
import { mediaRouter } from './routes/media.ts'
import { postsRouter } from './routes/posts.ts'
import type { Services } from './context.ts'
import type { AccessClaims } from './services/users.ts'
import type { RateLimiter } from './rate-limit.ts'
import { serveStatic, type loadStaticFiles } from './static-files.ts'

export type AppEnv = { Variables: { services: Services; config: Config; user?: AccessClaims } }

/** Renders a page for a URL; Vike's renderPage in production and dev, absent in API-only tests. */
export type PageRenderer = (req: Request) => Promise<Response>

export type AppDeps = {
  config: Config
  services: Services
  store: { kind: 'sqlite' | 'mongodb' }
  renderCache: RenderCache
  renderPage?: PageRenderer
  staticFiles?: ReturnType<typeof loadStaticFiles>
  loginLimiter?: RateLimiter
}

/** Serves a public GET from the render cache, filling it from the handler on a miss (200s only). */
function cached(cache: RenderCache): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.header('authorization')) return next() // an editor's view is never cached or served from the cache
    const key = c.req.path + (c.req.url.includes('?') ? c.req.url.slice(c.req.url.indexOf('?')) : '')
    cache.revalidate()
    const hit = cache.get(key)
    if (hit) return answerFrom(hit, c.req.raw)
    const gen = cache.generation
    await next()
    if (c.res.status !== 200 || c.res.headers.has('set-cookie')) return
    const headers: Record<string, string> = {}
    c.res.headers.forEach((v, k) => {
      headers[k] = v
    })
    const body = new Uint8Array(await c.res.arrayBuffer())
    const entry = makeEntry(200, headers, body)
    cache.set(key, entry, gen)
    c.res = answerFrom(entry, c.req.raw)
  }
}

export function createApp(deps: AppDeps) {
  const { config, services, renderCache } = deps
  const app = new Hono<AppEnv>()
  const cache = cached(renderCache)

  if (deps.staticFiles?.size) {
    const files = deps.staticFiles
    app.use('*', async (c, next) => {
      const file = (c.req.method === 'GET' || c.req.method === 'HEAD') && files.get(c.req.path)
      return file ? serveStatic(file, c.req.raw) : next()
    })
  }

  app.use('*', async (c, next) => {
    c.set('services', services)
    c.set('config', config)
    await next()
  })

  // JSON answers of public GETs go through the same cache as pages: content writes clear both.
  app.use('/api/posts/blog-content', cache)
  app.use('/api/posts/article-bottom', cache)
  app.use('/api/brands/static-offers', cache)
  app.on('GET', '/api/brands/:brandId', async (c, next) => (c.req.param('brandId').startsWith('static-offers') ? next() : cache(c, next)))
  app.use('/api/*', async (c, next) => {
    await next()
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(k, v)
    if (c.req.method === 'GET' && !c.res.headers.has('Cache-Control')) {
      c.res.headers.set('Cache-Control', c.res.status === 200 && c.req.path !== '/api/health' ? REVALIDATE : 'no-store')
    }
  })

  // Every write (and admin read) needs an editor's access token unless listed public (server/access.ts).
  app.use('/api/*', editorAccess())

  // GET /api/health – ready to serve, and on which store
  app.get('/api/health', (c) => c.json({ ok: true, store: deps.store.kind }))
  app.route('/api/auth', authRouter(deps.loginLimiter))
  app.route('/api/posts', postsRouter())
  app.route('/api/brands', brandsRouter())
  app.route('/api/clicks', clicksRouter())
  app.route('/api/postback', postbackRouter())
  app.route('/api/reports', reportsRouter())
  app.route('/api/track', trackRouter())
  app.route('/media', mediaRouter())
  app.route('/go', goRouter())
  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404))

  if (deps.renderPage) {
    const render = deps.renderPage
    app.get('*', cache, async (c) => render(c.req.raw))
  }

  app.onError((err, c) => {
    if (err instanceof AppError) return c.json({ message: err.message, ...(err.details ? { issues: err.details } : {}) }, err.status)
    if (err instanceof z.ZodError) {
      const issues = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
      return c.json({ message: `Invalid ${issues[0]?.path || 'request'}: ${issues[0]?.message}`, issues }, 400)
    }
    if (err instanceof HTTPException) return c.json({ message: err.message || 'Bad request' }, err.status)
    console.error(`[server] ${c.req.method} ${c.req.path} failed:`, err)
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500)
  })

  return app
}
