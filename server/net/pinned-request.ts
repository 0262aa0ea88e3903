import type { LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'

export type HopRequest = {
  url: URL
  /** Where to connect: addresses already resolved and vetted for url's host. */
  addresses: LookupAddress[]
  method: 'HEAD' | 'GET'
  headers?: Record<string, string>
  signal: AbortSignal
}
export type HopResponse = { status: number; location: string | null }
/** One request, no redirects followed, body discarded. */
export type Transport = (req: HopRequest) => Promise<HopResponse>

/**
 * One HTTP(S) request that connects only to the addresses it is given: node:http's `lookup` hook
 * answers with them instead of asking DNS again, so a second answer (DNS rebinding) cannot move the
 * connection somewhere that was never checked. The Host header, TLS SNI and certificate check still
 * use the URL's name. Measured under Bun 1.4.5: node:http and node:https call `lookup` and connect to
 * what it answers. Bun's fetch has no such hook, and it sends requests through HTTP_PROXY when that
 * is set, where the proxy would resolve the name itself; so the checker does not use fetch.
 */
export const pinnedRequest: Transport = ({ url, addresses, method, headers, signal }) =>
  new Promise<HopResponse>((resolve, reject) => {
    if (!addresses.length) return reject(Object.assign(new Error('no address to connect to'), { code: 'ENOTFOUND' }))
    const lookup = (_host: string, opts: { all?: boolean } | ((...args: unknown[]) => void), cb?: (...args: unknown[]) => void) => {
      const done = typeof opts === 'function' ? opts : cb!
      if (typeof opts === 'object' && opts.all) done(null, addresses)
      else done(null, addresses[0].address, addresses[0].family)
    }
    const req = (url.protocol === 'https:' ? https : http).request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
        lookup: lookup as never,
        agent: false, // a fresh socket: a pooled one may have been opened for another host's answer
      },
      (res) => {
        resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null })
        res.destroy() // only the status and Location matter
      },
    )
    req.on('error', reject)
    const abort = () => req.destroy(signal.reason as Error)
    if (signal.aborted) return abort()
    signal.addEventListener('abort', abort, { once: true })
    req.on('close', () => signal.removeEventListener('abort', abort))
    req.end()
  })
