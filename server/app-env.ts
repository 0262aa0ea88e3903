import type { VisitorCountry } from '../lib/geo.ts'
import type { AccessClaims } from './accounts/users.ts'
import type { Config } from './config.ts'
import type { Services } from './context.ts'
import type { RequestLog } from './logger.ts'
import type { RenderCache } from './render-cache.ts'

/** What every handler can read from the context (set once per request in server/app.ts). */
export type AppEnv = {
  Variables: {
    services: Services
    config: Config
    renderCache: RenderCache
    /** the caller, once a route's access rule has verified their token */
    user?: AccessClaims
    /** this request's id: the caller's `X-Request-Id` when short and safe, else a new one; echoed in the answer */
    requestId: string
    /** logs with the request id on every line (server/logger.ts) */
    log: RequestLog
    /** the visitor's country: upper-case ISO 3166-1 alpha-2, or null when unknown (server/geo/visitor-country.ts) */
    country: VisitorCountry
  }
}
