import { describe, expect, it } from 'vitest'
import { json, makeTestApp } from '../test/make-app.ts'
import { LOGIN_LIMITS } from './routes/auth.ts'
import { loadConfig } from './config.ts'
import { forwardedClient, networkOf, normaliseIp } from './client-ip.ts'

const PEER = '10.0.0.2' // the reverse proxy, as the socket sees it

describe('forwardedClient (TRUST_PROXY hop counting)', () => {
  it('never reads X-Forwarded-For when no proxy is trusted', () => {
    expect(forwardedClient('203.0.113.7', PEER, 0)).toBe(PEER)
    expect(forwardedClient(undefined, PEER, 1)).toBe(PEER)
    expect(forwardedClient('', PEER, 1)).toBe(PEER)
  })

  it('takes the right-most entry behind one proxy, so spoofed left-most entries are ignored', () => {
    expect(forwardedClient('203.0.113.7', PEER, 1)).toBe('203.0.113.7')
    expect(forwardedClient('1.1.1.1, 8.8.8.8, 203.0.113.7', PEER, 1)).toBe('203.0.113.7')
  })

  it('counts hops from the right', () => {
    // client → CDN (appends client) → load balancer (appends CDN) → us
    expect(forwardedClient('9.9.9.9, 203.0.113.7, 198.51.100.1', PEER, 2)).toBe('203.0.113.7')
    expect(forwardedClient('9.9.9.9, 203.0.113.7, 198.51.100.1', PEER, 3)).toBe('9.9.9.9')
    // a shorter chain than configured: the left-most entry is as far as anyone vouches
    expect(forwardedClient('203.0.113.7', PEER, 3)).toBe('203.0.113.7')
  })

  it('reads IPv6 entries, bracketed ones and ports', () => {
    expect(forwardedClient('2001:DB8::1', PEER, 1)).toBe('2001:db8::1')
    expect(forwardedClient('[2001:db8::2]:443', PEER, 1)).toBe('2001:db8::2')
    expect(forwardedClient('203.0.113.7:51234', PEER, 1)).toBe('203.0.113.7')
    expect(forwardedClient('::ffff:203.0.113.7', PEER, 1)).toBe('::ffff:203.0.113.7')
  })

  it('falls back to the peer when a trusted entry is garbage', () => {
    for (const xff of ['not-an-ip', 'unknown', '203.0.113.7, <script>', '999.1.1.1', '1.2.3', '[::1', 'example.com', '1.2.3.4 5.6.7.8']) {
      expect(forwardedClient(xff, PEER, 1), xff).toBe(PEER)
    }
    expect(forwardedClient('203.0.113.7, garbage', PEER, 2)).toBe(PEER)
    expect(forwardedClient('203.0.113.7,,', PEER, 1)).toBe('203.0.113.7') // empty list items are not entries
    expect(normaliseIp(' 192.0.2.1 ')).toBe('192.0.2.1')
  })
})

describe('networkOf (what unique clicks and views count per: issue 24)', () => {
  it('an IPv4 address is its own network', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7')
    expect(networkOf('203.0.113.8')).toBe('203.0.113.8')
  })

  it('an IPv4-mapped IPv6 address (a dual-stack socket) is its IPv4 address, in either spelling', () => {
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(networkOf('::FFFF:203.0.113.7')).toBe('203.0.113.7')
    expect(networkOf('::ffff:cb00:7107')).toBe('203.0.113.7')
    expect(networkOf('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('an IPv6 address stands for its /64, however it is spelled', () => {
    const net = '2001:db8:aa:1::/64'
    for (const ip of ['2001:db8:aa:1::1', '2001:db8:aa:1:1234:5678:9abc:def0', '2001:0DB8:00AA:0001:0:0:0:ffff', '2001:db8:aa:1::2%eth0']) expect(networkOf(ip), ip).toBe(net)
    expect(networkOf('2001:db8:aa:2::1')).toBe('2001:db8:aa:2::/64') // the next /64 is another network
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(networkOf('::1')).toBe('0:0:0:0::/64')
  })

  it('anything that is not an address stands for itself (an in-process request has none)', () => {
    expect(networkOf('unknown')).toBe('unknown')
  })
})

describe('TRUST_PROXY configuration', () => {
  it('defaults to 0 and refuses anything but a small whole number', () => {
    expect(loadConfig({}).trustProxy).toBe(0)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    for (const bad of ['-1', '1.5', 'yes', '11']) expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/)
  })
})

describe('X-Forwarded-For over HTTP (the per-IP login limit)', () => {
  // the per-address limit of failed logins from one address (different usernames, so only the address key fills), then one from another
  async function attempts(env: Record<string, string>) {
    // the limiter counts in fixed 15-minute windows: a clock held mid-window, so a run that crosses a window's
    // end (5-10 s of password hashing) does not start counting again from zero
    const window = LOGIN_LIMITS.address.windowMs
    const midWindow = new Date(Math.floor(Date.now() / window) * window + window / 2)
    const t = await makeTestApp({ seed: false, env, now: () => midWindow })
    const login = (ip: string, i: number) => t.app.request('/api/auth/login', json({ username: `nobody${i}`, password: 'wrong password' }, { 'x-forwarded-for': ip }))
    const n = LOGIN_LIMITS.address.limit
    for (let i = 0; i < n; i++) expect((await login('203.0.113.7', i)).status).toBe(401)
    return {
      other: (await login('198.51.100.9', n)).status,
      same: (await login('198.51.100.9, 203.0.113.7', n + 1)).status, // a forged left-most entry changes nothing
    }
  }

  it('ignores the header by default: every request is the same (proxy) address', async () => {
    expect(await attempts({})).toEqual({ other: 429, same: 429 })
  }, 60_000) // each failed login hashes a password: slow on a busy machine

  it('tells clients apart by the right-most entry with TRUST_PROXY=1', async () => {
    expect(await attempts({ TRUST_PROXY: '1' })).toEqual({ other: 401, same: 429 })
  }, 60_000)
})
