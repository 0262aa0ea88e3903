import { isIP } from 'node:net'
import type { Context } from 'hono'
import { getConnInfo } from 'hono/bun'
import type { Config } from './config.ts'

/**
 * The client's address; 'unknown' for in-process requests (tests). Never stored raw.
 * Behind TRUST_PROXY reverse proxies the socket peer is the nearest proxy, so the client is read from
 * the X-Forwarded-For entries those proxies appended; with TRUST_PROXY=0 the header is never read.
 */
export function clientIp(c: Context): string {
  // typed loosely: this module must not depend on the app's Env type
  const hops = (c.get('config') as Config | undefined)?.trustProxy ?? 0
  return forwardedClient(c.req.header('x-forwarded-for'), peerAddress(c), hops)
}

function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
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
