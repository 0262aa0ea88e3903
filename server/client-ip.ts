import { isIP, isIPv4, isIPv6 } from 'node:net'
import type { Context } from 'hono'
import type { Config } from './config.ts'
import { v6ToBigInt } from './net/private-address.ts'

/**
 * The client's address; 'unknown' for in-process requests (tests). Never stored raw.
 * Behind TRUST_PROXY reverse proxies the socket peer is the nearest proxy, so the client is read from
 * the X-Forwarded-For entries those proxies appended; with TRUST_PROXY=0 the header is never read.
 */
export function clientIp(c: Context): string {
  // typed loosely: this module must not depend on the app's Env type
  const hops = (c.get('config') as Config | undefined)?.trustProxy ?? 0
  return requestClientIp(c.req.raw, c.env, hops)
}

/** The same from a request and what Bun.serve passed beside it (the server), outside any Hono context. */
export function requestClientIp(req: Request, server: unknown, hops: number): string {
  const xff = hops > 0 ? (req.headers.get('x-forwarded-for') ?? undefined) : undefined
  // the socket's address is asked for only when the proxies' header cannot answer (Bun builds an object
  // for it on every call: a good share of a cache hit's time)
  if (xff) {
    const client = forwardedClient(xff, '', hops)
    if (client) return client
  }
  return peerAddress(req, server)
}

type PeerSource = { requestIP?: (req: Request) => { address: string } | null }

/** The socket peer as Bun.serve knows it (Hono passes the server as `env`, or inside it as `server`). */
function peerAddress(req: Request, env: unknown): string {
  const holder = env as (PeerSource & { server?: PeerSource }) | undefined
  const server = typeof holder?.requestIP === 'function' ? holder : holder?.server
  return (typeof server?.requestIP === 'function' && server.requestIP(req)?.address) || 'unknown'
}

/**
 * The address `hops` trusted proxies vouch for. Each proxy appends the peer it saw, so only the
 * right-most `hops` entries were written by our proxies; anything left of them is the client's to forge.
 * The walk stops at the left end of a shorter chain (the client reached a nearer proxy directly).
 * A malformed entry inside the trusted part means the header cannot be believed: the peer is answered.
 */
export function forwardedClient(xff: string | undefined, peer: string, hops: number): string {
  if (hops <= 0 || !xff) return peer
  const entries = xff.split(',').map((e) => e.trim()).filter(Boolean)
  let client = peer
  for (let i = 1; i <= hops && i <= entries.length; i++) {
    const ip = normaliseIp(entries[entries.length - i])
    if (!ip) return peer
    client = ip
  }
  return client
}

/** A bare IP from an XFF entry (some proxies add a port: `1.2.3.4:5678`, `[2001:db8::1]:443`), or null. */
export function normaliseIp(entry: string): string | null {
  let v = entry.trim()
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(v)
  if (bracketed) v = bracketed[1]
  else if (/^[\d.]+:\d{1,5}$/.test(v)) v = v.slice(0, v.lastIndexOf(':'))
  return isIP(v) ? v.toLowerCase() : null
}

/**
 * The network a visitor's address stands for, as unique clicks and views count them (issue 24;
 * docs/decisions/020-uniques-by-address.md): an IPv4 address itself, an IPv6 address's /64 (one
 * subscriber's network: a device picks new interface ids at will, its provider assigns the prefix), and
 * an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, what a dual-stack socket reports) as its IPv4 address.
 * Anything else (`unknown`, an in-process request) stands for itself.
 */
export function networkOf(ip: string): string {
  if (isIPv4(ip)) return ip
  if (!isIPv6(ip)) return ip
  const n = v6ToBigInt(ip)
  if (n >> 32n === 0xffffn) return [24n, 16n, 8n, 0n].map((s) => String((n >> s) & 0xffn)).join('.')
  return `${[48n, 32n, 16n, 0n].map((s) => ((n >> (64n + s)) & 0xffffn).toString(16)).join(':')}::/64`
}
