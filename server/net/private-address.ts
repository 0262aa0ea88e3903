import { isIPv4, isIPv6 } from 'node:net'

// Addresses an outbound request from the server must never reach unless intranet targets are allowed:
// the host itself, private networks, link-local (cloud metadata at 169.254.169.254) and non-unicast.
const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network": 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking, used inside some data centres
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
]

const V6_BLOCKED: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
]

// IPv6 ranges that carry an IPv4 address: judged by that address, so ::ffff:127.0.0.1 is loopback.
// [prefix, prefix length, bit offset of the IPv4 address from the right]
const V6_EMBEDDING_V4: [string, number, number][] = [
  ['::ffff:0:0', 96, 0], // IPv4-mapped
  ['::', 96, 0], // IPv4-compatible (deprecated, still parsed)
  ['::ffff:0:0:0', 96, 0], // IPv4-translated
  ['64:ff9b::', 96, 0], // NAT64
  ['64:ff9b:1::', 48, 0], // local-use NAT64
  ['2002::', 16, 80], // 6to4: the IPv4 address follows the prefix
]

export function v4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0)
}

function inV4(n: number, [base, bits]: [string, number]): boolean {
  const size = 2 ** (32 - bits)
  return Math.floor(n / size) === Math.floor(v4ToInt(base) / size)
}

/** An IPv6 address as a 128-bit number (zone id dropped, a trailing dotted IPv4 part allowed). */
export function v6ToBigInt(ip: string): bigint {
  let s = ip.split('%')[0].toLowerCase()
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s)
  if (dotted) {
    const n = v4ToInt(dotted[1])
    s = `${s.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`
  }
  const [head, tail] = s.includes('::') ? s.split('::') : [s, undefined]
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  return groups.reduce((n, g) => (n << 16n) | BigInt(Number.parseInt(g, 16)), 0n)
}

function inV6(n: bigint, base: string, bits: number): boolean {
  const shift = BigInt(128 - bits)
  return n >> shift === v6ToBigInt(base) >> shift
}

/** True for an address the link checker must not connect to; anything that is not an IP counts as private. */
export function isPrivateAddress(ip: string): boolean {
  if (isIPv4(ip)) {
    const n = v4ToInt(ip)
    return V4_BLOCKED.some((range) => inV4(n, range))
  }
  if (!isIPv6(ip)) return true // fail closed
  const n = v6ToBigInt(ip)
  if (V6_BLOCKED.some(([base, bits]) => inV6(n, base, bits))) return true
  for (const [base, bits, offset] of V6_EMBEDDING_V4) {
    if (!inV6(n, base, bits)) continue
    const v4 = Number((n >> BigInt(offset)) & 0xffffffffn)
    if (V4_BLOCKED.some((range) => inV4(v4, range))) return true
  }
  return false
}

/** Names that mean this machine whatever DNS says (RFC 6761): refused before any lookup. */
export function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '')
  return name === 'localhost' || name.endsWith('.localhost')
}
