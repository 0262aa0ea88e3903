import type { MiddlewareHandler } from 'hono'
import { isCountryCode } from '../../lib/countries.ts'
import type { VisitorCountry } from '../../lib/geo.ts'
import { clientIp } from '../client-ip.ts'
import type { AppEnv } from '../app-env.ts'
import type { IpCountryDb } from './ip-country-db.ts'

/**
 * A CDN's country header → an assigned ISO 3166-1 alpha-2 code, or null. CDNs send `XX` (unknown), `T1`
 * (Tor) or `A1`/`A2` (anonymous proxy, satellite): none is a place a licence can be checked against.
 */
export function parseCountryHeader(value: string | undefined | null): VisitorCountry {
  if (!value) return null
  const code = value.trim().toUpperCase()
  return isCountryCode(code) ? code : null
}

/**
 * A CDN's region header (`ON` from Cloudflare's cf-region-code, `ON` from CloudFront's
 * cloudfront-viewer-country-region, or a full `CA-ON`) → the ISO 3166-2 code in the visitor's country, or
 * null when either is unknown or the value is not a subdivision code of that country.
 */
export function parseRegionHeader(country: VisitorCountry, value: string | undefined | null): string | null {
  if (!country || !value) return null
  const code = value.trim().toUpperCase()
  const sub = code.startsWith(`${country}-`) ? code.slice(country.length + 1) : code
  return /^[A-Z0-9]{1,3}$/.test(sub) ? `${country}-${sub}` : null
}

type CountryOptions = { header?: string; db: IpCountryDb }

/**
 * The visitor's country by the rules below, from the configured header's value (undefined when absent)
 * and the client's address (asked only when needed); `loading` while the IP database is not loaded yet.
 */
export function decideCountry(opts: CountryOptions, sent: string | undefined, ip: () => string): VisitorCountry | 'loading' {
  if (sent !== undefined) return parseCountryHeader(sent)
  if (!opts.db.enabled) return null
  const address = ip()
  if (address === 'unknown') return null
  return opts.db.ready ? opts.db.lookup(address) : 'loading'
}

/**
 * Decides the visitor's country once per request, as `c.var.country` (upper-case alpha-2, or null):
 * 1. the header `GEO_HEADER` names, when configured and present: the CDN saw the real client, so its
 *    word is final, "unknown" included (an unconfigured header is ignored: any client can send it);
 * 2. else the IP database, for the address server/client-ip.ts gives (TRUST_PROXY applies);
 * 3. else null.
 */
export function visitorCountry(opts: CountryOptions): MiddlewareHandler<AppEnv> {
  const { header, db } = opts
  return async (c, next) => {
    let country = decideCountry(opts, header ? c.req.header(header) : undefined, () => clientIp(c))
    if (country === 'loading') {
      await db.load() // once; the server loads it at start, so only a cold process waits
      country = db.lookup(clientIp(c))
    }
    c.set('country', country)
    await next()
  }
}
