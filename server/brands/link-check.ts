import type { LookupAddress } from 'node:dns'
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import type { BrandsRepository } from '../../db/repositories/brands.ts'
import type { AuditService } from '../operations/audit.ts'
import { pinnedRequest, type Transport } from '../net/pinned-request.ts'
import { isLocalHostname, isPrivateAddress } from '../net/private-address.ts'
import type { LinkCheck, LinkChecksRepository } from '../../db/repositories/link-checks.ts'

export type { LinkCheck } from '../../db/repositories/link-checks.ts'

/** Every address a name resolves to (the system resolver by default; tests pass a fake). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>
const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true })

const MAX_REDIRECTS = 5

/** A target refused before any connection: reported as is, so it tells nobody what listens there. */
class Blocked extends Error {}
const PRIVATE = 'blocked: private or loopback address'

// Only the error code is reported: Bun's and Node's messages name the address and port they tried,
// which made the checker an oracle for what listens where.
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
}

/**
 * Link health (issue 7): every brand's CTA URL, HEAD first and GET when HEAD is refused, redirects
 * followed one by one so a changed final host shows; bounded concurrency and a timeout per request.
 * Every hop's host is resolved here and refused when any of its addresses is loopback, private or
 * link-local (unless `allowPrivate`, for intranet set-ups); the connection then goes to exactly the
 * addresses checked, so DNS rebinding cannot slip past the check.
 */
export function createLinkChecker(deps: {
  brands: BrandsRepository
  linkChecks: LinkChecksRepository
  audit: AuditService
  now: () => Date
  /** LINK_CHECK_ALLOW_PRIVATE: let the checker reach loopback and private addresses. */
  allowPrivate: boolean
  resolve?: Resolve
  transport?: Transport
}) {
  const resolve = deps.resolve ?? systemResolve
  const transport = deps.transport ?? pinnedRequest

  /** The addresses a connection to url may use; throws Blocked for a refused target. */
  async function vet(url: URL): Promise<LookupAddress[]> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Blocked('blocked: not an http(s) URL')
    // the URL parser already turned 2130706433, 0x7f.1 and 127.1 into 127.0.0.1, and [::ffff:127.0.0.1] into [::ffff:7f00:1]
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (!deps.allowPrivate && isLocalHostname(host)) throw new Blocked(PRIVATE)
    const family = isIP(host)
    const addresses = family ? [{ address: host, family }] : await resolve(host)
    if (!deps.allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) throw new Blocked(PRIVATE)
    return addresses
  }

  async function request(url: URL, method: 'HEAD' | 'GET', timeoutMs: number) {
    const signal = AbortSignal.timeout(timeoutMs) // covers the lookup too
    const addresses = await untilAborted(vet(url), signal)
    return transport({ url, addresses, method, headers: { 'user-agent': 'GameWise link checker' }, signal })
  }

  async function check(brandId: string, url: string, timeoutMs: number): Promise<LinkCheck> {
    const base = { _id: brandId, url, checkedAt: deps.now() }
    let current = url
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        let res = await request(new URL(current), 'HEAD', timeoutMs)
        if ([403, 405, 501].includes(res.status)) res = await request(new URL(current), 'GET', timeoutMs) // servers that refuse HEAD
        if (res.status >= 300 && res.status < 400 && res.location) {
          current = new URL(res.location, current).toString()
          continue
        }
        const hostChanged = new URL(current).host !== new URL(url).host
        return { ...base, ok: res.status < 400, status: res.status, error: res.status >= 400 ? `HTTP ${res.status}` : null, finalUrl: current, hostChanged }
      }
      return { ...base, ok: false, status: null, error: `more than ${MAX_REDIRECTS} redirects`, finalUrl: current, hostChanged: false }
    } catch (err) {
      // a refused hop keeps the URL it was refused for: the admin sees where the partner tried to send visitors
      if (err instanceof Blocked) return { ...base, ok: false, status: null, error: err.message, finalUrl: current, hostChanged: false }
      return { ...base, ok: false, status: null, error: describeFailure(err, timeoutMs), finalUrl: null, hostChanged: false }
    }
  }

  return {
    async checkAll(opts: { concurrency?: number; timeoutMs?: number } = {}): Promise<LinkCheck[]> {
      const targets = (await deps.brands.list()).flatMap((b) => (b.dealBox?.ctaUrl && /^https?:\/\//.test(b.dealBox.ctaUrl) ? [{ id: b._id, url: b.dealBox.ctaUrl }] : []))
      const results: LinkCheck[] = []
      let next = 0
      const worker = async () => {
        while (next < targets.length) {
          const t = targets[next++]
          results.push(await check(t.id, t.url, opts.timeoutMs ?? 8_000))
        }
      }
      await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 4, targets.length) }, worker))
      await deps.linkChecks.save(results)
      const dead = results.filter((r) => !r.ok)
      await deps.audit.record({ action: 'link-check.run', target: 'brands', note: `${results.length} checked, ${dead.length} dead${dead.length ? `: ${dead.slice(0, 20).map((r) => r._id).join(', ')}` : ''}` })
      return results.sort((a, b) => (a._id < b._id ? -1 : 1))
    },
    async last(): Promise<Map<string, LinkCheck>> {
      return new Map((await deps.linkChecks.list()).map((c) => [c._id, c]))
    },
  }
}
export type LinkChecker = ReturnType<typeof createLinkChecker>

function describeFailure(err: unknown, timeoutMs: number): string {
  const e = err as Error & { code?: unknown }
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `timeout after ${timeoutMs} ms`
  const code = typeof e.code === 'string' && /^[A-Z0-9_]+$/.test(e.code) ? e.code : undefined
  return `unreachable: ${(code && REASONS[code]) ?? code ?? 'network error'}`
}

/** The promise, or the signal's reason once it fires (a DNS lookup cannot itself be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason)
    if (signal.aborted) return abort()
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}
