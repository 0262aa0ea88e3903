import { readdirSync } from 'node:fs'
import { isIPv4, isIPv6 } from 'node:net'
import { dirname, join } from 'node:path'
import { COUNTRY_CODES, isCountryCode } from '../../lib/countries.ts'

/**
 * IP address → country, from the range files of an ip-location-db country database: by default the
 * npm package @ip-location-db/geo-whois-asn-country (geofeeds, then RIR whois, then RIR ASN data;
 * CC0 as packaged, RIR data © NRO under CC BY 4.0). Any directory holding the same CSV layout
 * (`*-ipv4-num.csv`: `start,end,CC` as integers; `*-ipv6.csv`: `start,end,CC` as addresses) works, such
 * as a newer file from the project's releases.
 *
 * Kept compact: the ranges become one sorted array of segment starts per family plus one byte of
 * country per segment (gaps are segments of "unknown"), so a lookup is a binary search with no
 * allocation. About 2 MB for IPv4 and 6 MB for IPv6 (measured: docs/geo-targeting.md, "The IP-to-country database").
 */

const NONE = 0
// index 0 is "unknown"; codes outside ISO 3166-1 (XK, AN in this data) read as unknown too
const CODES = ['', ...COUNTRY_CODES]
const CODE_INDEX = new Map(CODES.map((c, i) => [c, i]))

export type IpCountryTable = {
  v4: { starts: Uint32Array; codes: Uint8Array }
  /** each start is four 32-bit words, most significant first */
  v6: { starts: Uint32Array; codes: Uint8Array }
}

/** The directory of the packaged database. */
export function packagedDatabaseDir(): string {
  return dirname(require.resolve('@ip-location-db/geo-whois-asn-country/package.json'))
}

type Range<K> = { s: K; e: K; code: number }
type Keys<K> = { cmp: (a: K, b: K) => number; succ: (k: K) => K | null; min: K }

/**
 * Non-overlapping segments [start, country] from ranges that may nest or overlap (the published files
 * hold a few hundred more-specific ranges inside broader ones, out of order): the range that starts
 * later wins until it ends, so a nested /24 overrides its /16. The same range listed twice with two
 * countries is "unknown": no licence can be checked against a guess. Gaps become "unknown" segments,
 * and neighbours with the same country merge.
 */
function paint<K>(input: Range<K>[], k: Keys<K>): { starts: K[]; codes: number[] } {
  input.sort((a, b) => k.cmp(a.s, b.s) || k.cmp(b.e, a.e))
  const ranges: Range<K>[] = []
  for (const r of input) {
    const last = ranges[ranges.length - 1]
    if (last && k.cmp(last.s, r.s) === 0 && k.cmp(last.e, r.e) === 0) {
      if (last.code !== r.code) last.code = NONE
    } else ranges.push(r)
  }
  const starts: K[] = []
  const codes: number[] = []
  const push = (at: K, code: number) => {
    if (codes.length && k.cmp(starts[starts.length - 1], at) === 0) {
      starts.pop()
      codes.pop()
    }
    if (codes.length && codes[codes.length - 1] === code) return
    starts.push(at)
    codes.push(code)
  }
  push(k.min, NONE)
  const stack: Range<K>[] = []
  let cursor: K | null = k.min
  // ends every open range that stops before `x` (null: the end of the address space)
  const closeBefore = (x: K | null) => {
    while (stack.length && (x === null || k.cmp(stack[stack.length - 1].e, x) < 0)) {
      const t = stack.pop()!
      if (cursor !== null && k.cmp(t.e, cursor) >= 0) cursor = k.succ(t.e)
      while (stack.length && cursor !== null && k.cmp(stack[stack.length - 1].e, cursor) < 0) stack.pop()
      if (cursor !== null) push(cursor, stack.length ? stack[stack.length - 1].code : NONE)
    }
  }
  for (const r of ranges) {
    closeBefore(r.s)
    push(r.s, r.code)
    stack.push(r)
    cursor = r.s
  }
  closeBefore(null)
  return { starts, codes }
}

function codeOf(cc: string): number {
  return isCountryCode(cc) ? CODE_INDEX.get(cc)! : NONE
}

// Special-purpose blocks (RFC 6890) are nobody's country, though the published data places some in one
// (192.168/16 and 172.16/12 read as AU, 2001:db8::/32 as JP): a proxy's private address must stay unknown.
const cidr4 = (a: number, b: number, c: number, d: number, bits: number): [number, number] => {
  const start = ((a << 24) | (b << 16) | (c << 8) | d) >>> 0
  return [start, start + 2 ** (32 - bits) - 1]
}
const V4_SPECIAL: [number, number][] = [
  cidr4(0, 0, 0, 0, 8), cidr4(10, 0, 0, 0, 8), cidr4(100, 64, 0, 0, 10), cidr4(127, 0, 0, 0, 8), cidr4(169, 254, 0, 0, 16),
  cidr4(172, 16, 0, 0, 12), cidr4(192, 0, 0, 0, 24), cidr4(192, 0, 2, 0, 24), cidr4(192, 168, 0, 0, 16), cidr4(198, 18, 0, 0, 15),
  cidr4(198, 51, 100, 0, 24), cidr4(203, 0, 113, 0, 24), cidr4(224, 0, 0, 0, 3), // multicast and 240/4 reserved
]
const isV4Special = (n: number) => V4_SPECIAL.some(([a, b]) => n >= a && n <= b)
// ::/8 (unspecified, loopback, IPv4-compatible), 2001:db8::/32 documentation, fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast
const isV6Special = (w: number[]) => w[0] >>> 24 === 0 || w[0] === 0x20010db8 || w[0] >>> 25 === 0x7e || w[0] >>> 22 === 0x3fa || w[0] >>> 24 === 0xff

function parseV4(text: string): IpCountryTable['v4'] {
  const ranges: Range<number>[] = []
  const len = text.length
  let i = 0
  // `start,end,CC` per line, integers read in place: this file has a third of a million lines
  while (i < len) {
    let s = 0
    let e = 0
    let c = text.charCodeAt(i)
    const lineStart = i
    while (c >= 48 && c <= 57) {
      s = s * 10 + (c - 48)
      c = text.charCodeAt(++i)
    }
    const ok1 = c === 44 && i > lineStart
    c = text.charCodeAt(++i)
    const endStart = i
    while (c >= 48 && c <= 57) {
      e = e * 10 + (c - 48)
      c = text.charCodeAt(++i)
    }
    const ok2 = c === 44 && i > endStart
    let eol = text.indexOf('\n', i)
    if (eol < 0) eol = len
    if (ok1 && ok2 && s <= e && e <= 0xffffffff) {
      ranges.push({ s, e, code: codeOf(text.slice(i + 1, eol).trim()) })
    }
    i = eol + 1
  }
  const { starts, codes } = paint(ranges, { cmp: (a, b) => a - b, succ: (n) => (n < 0xffffffff ? n + 1 : null), min: 0 })
  return { starts: Uint32Array.from(starts), codes: Uint8Array.from(codes) }
}

/** An IPv6 address as four 32-bit words; IPv4-mapped and embedded forms are read too. Null when malformed. */
export function ipv6Words(ip: string): [number, number, number, number] | null {
  const g = ip.includes('.') || ip.includes('%') ? groupsSlow(ip) : groupsFast(ip)
  if (!g) return null
  return [((g[0] << 16) | g[1]) >>> 0, ((g[2] << 16) | g[3]) >>> 0, ((g[4] << 16) | g[5]) >>> 0, ((g[6] << 16) | g[7]) >>> 0]
}

/** Plain hex groups with at most one '::' (every line of the database): one pass, no regex. */
function groupsFast(s: string): number[] | null {
  const out: number[] = []
  let gap = -1
  let cur = 0
  let digits = 0
  const len = s.length
  for (let i = 0; i < len; i++) {
    const c = s.charCodeAt(i)
    if (c === 58) {
      if (digits) {
        out.push(cur)
        cur = 0
        digits = 0
        if (i + 1 < len && s.charCodeAt(i + 1) === 58) {
          if (gap >= 0) return null
          gap = out.length
          i++
        } else if (i + 1 === len) return null
      } else if (i === 0 && s.charCodeAt(1) === 58 && gap < 0) {
        gap = 0
        i++
      } else return null
      continue
    }
    const v = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1
    if (v < 0 || ++digits > 4) return null
    cur = cur * 16 + v
  }
  if (digits) out.push(cur)
  if (gap < 0) return out.length === 8 ? out : null
  const fill = 8 - out.length
  if (fill < 1) return null
  const full = new Array<number>(8).fill(0)
  for (let k = 0; k < gap; k++) full[k] = out[k]
  for (let k = gap; k < out.length; k++) full[k + fill] = out[k]
  return full
}

/** Forms with a zone id or a dotted IPv4 tail (::ffff:1.2.3.4), as clients may present them. */
function groupsSlow(ip: string): number[] | null {
  let s = ip
  const zone = s.indexOf('%')
  if (zone >= 0) s = s.slice(0, zone)
  const dot = s.lastIndexOf(':')
  const tail = s.slice(dot + 1)
  if (tail.includes('.')) {
    if (!isIPv4(tail)) return null
    const [a, b, c, d] = tail.split('.').map(Number)
    s = `${s.slice(0, dot + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  return groupsFast(s)
}

const cmp4 = (a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number) => {
  for (let k = 0; k < 4; k++) {
    const d = a[ai + k] - b[bi + k]
    if (d) return d
  }
  return 0
}

/** The address after `w`, or null past the last one. */
function plusOne(w: number[]): number[] | null {
  const out = [...w]
  for (let k = 3; k >= 0; k--) {
    out[k] = (out[k] + 1) >>> 0
    if (out[k] !== 0) return out
  }
  return null
}

function parseV6(text: string): IpCountryTable['v6'] {
  const ranges: Range<number[]>[] = []
  for (const line of text.split('\n')) {
    const [from, to, cc] = line.split(',')
    if (!cc) continue
    const s = ipv6Words(from)
    const e = ipv6Words(to)
    if (!s || !e || cmp4(s, 0, e, 0) > 0) continue
    ranges.push({ s, e, code: codeOf(cc.trim()) })
  }
  const { starts, codes } = paint(ranges, { cmp: (a, b) => cmp4(a, 0, b, 0), succ: plusOne, min: [0, 0, 0, 0] })
  const words = new Uint32Array(starts.length * 4)
  starts.forEach((w, i) => words.set(w, i * 4))
  return { starts: words, codes: Uint8Array.from(codes) }
}

function findFile(dir: string, suffix: string): string {
  const name = readdirSync(dir).find((f) => f.endsWith(suffix))
  if (!name) throw new Error(`no *${suffix} file in ${dir}`)
  return join(dir, name)
}

/** Reads and indexes a database directory (about a third of a second for the packaged one). */
export async function loadIpCountryTable(dir: string): Promise<IpCountryTable> {
  const [v4, v6] = await Promise.all([Bun.file(findFile(dir, '-ipv4-num.csv')).text(), Bun.file(findFile(dir, '-ipv6.csv')).text()])
  return { v4: parseV4(v4), v6: parseV6(v6) }
}

function ipv4Number(ip: string): number {
  let n = 0
  let part = 0
  for (let i = 0; i < ip.length; i++) {
    const c = ip.charCodeAt(i)
    if (c === 46) {
      n = n * 256 + part
      part = 0
    } else part = part * 10 + (c - 48)
  }
  return n * 256 + part
}

/** The last segment whose start is ≤ the key (the first segment always starts at 0). */
function searchV4(t: IpCountryTable['v4'], n: number): number {
  let lo = 0
  let hi = t.codes.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1
    if (t.starts[mid] <= n) lo = mid
    else hi = mid - 1
  }
  return t.codes[lo]
}

function searchV6(t: IpCountryTable['v6'], key: number[]): number {
  let lo = 0
  let hi = t.codes.length - 1
  if (hi < 0 || cmp4(t.starts, 0, key, 0) > 0) return NONE
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1
    if (cmp4(t.starts, mid * 4, key, 0) <= 0) lo = mid
    else hi = mid - 1
  }
  return t.codes[lo]
}

/** The country of an address in a loaded table, or null (private, reserved, unlisted or malformed). */
export function lookupCountry(t: IpCountryTable, ip: string): string | null {
  const inV4 = (n: number) => (isV4Special(n) ? null : CODES[searchV4(t.v4, n)] || null)
  if (isIPv4(ip)) return inV4(ipv4Number(ip))
  if (!isIPv6(ip)) return null
  const w = ipv6Words(ip)
  if (!w) return null
  // ::ffff:a.b.c.d is an IPv4 client seen through a dual-stack socket
  if (w[0] === 0 && w[1] === 0 && w[2] === 0xffff) return inV4(w[3])
  return isV6Special(w) ? null : CODES[searchV6(t.v6, w)] || null
}

/**
 * The database as the server uses it: loaded once, on first use or by `load()` at start, and each
 * address's answer remembered (a visitor's next requests cost a map lookup).
 */
export function createIpCountryDb(opts: { dir: string | null; onLoaded?: (info: { ms: number; segments: number; bytes: number }) => void; onError?: (err: unknown) => void }) {
  let table: IpCountryTable | null = null
  let loading: Promise<void> | null = null
  let failed = false
  const seen = new Map<string, string | null>()
  const MAX_SEEN = 50_000

  function load(): Promise<void> {
    if (!opts.dir || failed) return Promise.resolve()
    loading ??= (async () => {
      const t0 = performance.now()
      try {
        table = await loadIpCountryTable(opts.dir!)
        const bytes = table.v4.starts.byteLength + table.v4.codes.byteLength + table.v6.starts.byteLength + table.v6.codes.byteLength
        opts.onLoaded?.({ ms: performance.now() - t0, segments: table.v4.codes.length + table.v6.codes.length, bytes })
      } catch (err) {
        failed = true // reported once; every visitor is then "unknown", the conservative answer
        opts.onError?.(err)
      }
    })()
    return loading
  }

  return {
    enabled: Boolean(opts.dir),
    load,
    get ready() {
      return !opts.dir || failed || table !== null
    },
    /** Null when the database is off, failed, or knows nothing of the address. Call `load()` first. */
    lookup(ip: string): string | null {
      if (!table) return null
      const hit = seen.get(ip)
      if (hit !== undefined) return hit
      const country = lookupCountry(table, ip)
      if (seen.size >= MAX_SEEN) seen.clear()
      seen.set(ip, country)
      return country
    },
  }
}
export type IpCountryDb = ReturnType<typeof createIpCountryDb>
