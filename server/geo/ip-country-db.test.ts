import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIpCountryDb, type IpCountryTable, ipv6Words, loadIpCountryTable, lookupCountry, packagedDatabaseDir } from './ip-country-db.ts'
import { parseCountryHeader } from './visitor-country.ts'

const v4 = (ip: string) => ip.split('.').reduce((n, p) => n * 256 + Number(p), 0)

describe('parseCountryHeader', () => {
  it.each([
    ['GB', 'GB'],
    ['us', 'US'],
    [' fr ', 'FR'],
    ['XX', null], // Cloudflare: unknown
    ['T1', null], // Cloudflare: Tor
    ['A1', null],
    ['XK', null], // user-assigned, not ISO 3166-1
    ['UK', null],
    ['GBR', null],
    ['<script>', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (value, expected) => expect(parseCountryHeader(value)).toBe(expected))
})

describe('ipv6Words', () => {
  it.each([
    ['::', [0, 0, 0, 0]],
    ['::1', [0, 0, 0, 1]],
    ['2001:db8::1', [0x20010db8, 0, 0, 1]],
    ['2001:DB8:0:0:0:0:0:1', [0x20010db8, 0, 0, 1]],
    ['fe80::1%eth0', [0xfe800000, 0, 0, 1]],
    ['::ffff:8.8.8.8', [0, 0, 0xffff, v4('8.8.8.8')]],
    ['2001:4860:4860::8888', [0x20014860, 0x48600000, 0, 0x8888]],
    ['1::', [0x00010000, 0, 0, 0]],
  ])('%s', (ip, words) => expect(ipv6Words(ip)).toEqual(words))

  it.each(['1::2::3', ':1', '1:', '12345::', 'g::', '1:2:3', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7::8', '::ffff:1.2.3'])('refuses %s', (ip) => expect(ipv6Words(ip)).toBeNull())
})

describe('a database directory (the ip-location-db CSV layout)', () => {
  let dir: string
  let t: IpCountryTable
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'geo-db-'))
    // out of order, nested, overlapping, a duplicate with two answers, a gap, a code outside ISO 3166-1 and a documentation block
    const rows: [string, string, string][] = [
      ['50.0.0.0', '50.255.255.255', 'US'],
      ['50.1.0.0', '50.1.255.255', 'GB'], // nested: the more specific wins
      ['50.1.2.0', '50.1.2.255', 'IE'], // nested twice
      ['20.0.0.0', '20.0.0.255', 'FR'],
      ['20.0.0.128', '20.0.1.255', 'DE'], // overlaps FR's end: the later start wins until it ends
      ['30.0.0.0', '30.0.0.255', 'NL'],
      ['30.0.0.0', '30.0.0.255', 'BE'], // listed twice with two countries: unknown
      ['40.0.0.0', '40.0.0.255', 'XK'],
      ['192.0.2.0', '192.0.2.255', 'JP'], // TEST-NET-1 is documentation, never a country
      ['192.168.0.0', '192.168.255.255', 'AU'], // private: the published data really says AU
    ]
    writeFileSync(join(dir, 'test-ipv4-num.csv'), `${[...rows].reverse().map(([a, b, c]) => `${v4(a)},${v4(b)},${c}`).join('\n')}\n`)
    writeFileSync(join(dir, 'test-ipv6.csv'), ['2a00::,2a00:ffff:ffff:ffff:ffff:ffff:ffff:ffff,GB', '2a00:1::,2a00:1:ffff:ffff:ffff:ffff:ffff:ffff,IE', '2001:db8::,2001:db8:ffff:ffff:ffff:ffff:ffff:ffff,JP', '2c0f::,2c0f:ffff:ffff:ffff:ffff:ffff:ffff:ffff,ZA', 'fc00::,fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff,AU'].join('\n'))
    t = await loadIpCountryTable(dir)
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it.each([
    ['49.255.255.255', null],
    ['50.0.0.0', 'US'],
    ['50.0.255.255', 'US'],
    ['50.1.0.0', 'GB'],
    ['50.1.2.7', 'IE'],
    ['50.1.3.0', 'GB'], // back in GB after the nested IE range
    ['50.2.0.0', 'US'], // back in US after the nested GB range
    ['50.255.255.255', 'US'],
    ['51.0.0.0', null],
    ['20.0.0.127', 'FR'],
    ['20.0.0.128', 'DE'],
    ['20.0.1.255', 'DE'],
    ['20.0.2.0', null],
    ['30.0.0.1', null],
    ['40.0.0.1', null],
    ['192.0.2.1', null],
    ['192.168.1.1', null],
    ['255.255.255.255', null],
    ['::ffff:50.1.2.7', 'IE'],
    ['::ffff:192.168.1.1', null],
    ['2a00::1', 'GB'],
    ['2a00:1::1', 'IE'],
    ['2a00:2::', 'GB'],
    ['2001:db8::1', null],
    ['2c0f:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'ZA'],
    ['fd00::1', null], // unique local, listed as AU
    ['::1', null],
    ['unknown', null],
    ['not an ip', null],
  ])('%s → %s', (ip, expected) => expect(lookupCountry(t, ip)).toBe(expected))

  it('a database that cannot be read leaves every visitor unknown and says so once', async () => {
    const errors: unknown[] = []
    const db = createIpCountryDb({ dir: join(dir, 'missing'), onError: (e) => errors.push(e) })
    await db.load()
    await db.load()
    expect(db.ready).toBe(true)
    expect(db.lookup('50.1.2.7')).toBeNull()
    expect(errors).toHaveLength(1)
  })

  it('is off without a directory (GEO_DB=0)', async () => {
    const db = createIpCountryDb({ dir: null })
    expect(db.enabled).toBe(false)
    await db.load()
    expect(db.lookup('8.8.8.8')).toBeNull()
  })
})

describe('the packaged database (@ip-location-db/geo-whois-asn-country)', () => {
  const db = createIpCountryDb({ dir: packagedDatabaseDir() })
  beforeAll(() => db.load(), 30_000)

  // addresses whose registration has been stable for years: public DNS resolvers and exchange points
  it.each([
    ['8.8.8.8', 'US'], // Google Public DNS
    ['9.9.9.9', 'US'], // Quad9
    ['1.1.1.1', 'AU'], // APNIC's research prefix, announced by Cloudflare
    ['195.66.224.1', 'GB'], // LINX, London
    ['212.58.244.22', 'GB'], // BBC
    ['2001:4860:4860::8888', 'US'], // Google Public DNS over IPv6
    ['2001:7f8:4::1', 'GB'], // LINX over IPv6
    ['::ffff:8.8.8.8', 'US'], // IPv4-mapped, as a dual-stack socket reports it
    ['127.0.0.1', null],
    ['10.0.0.1', null],
    ['192.168.1.1', null], // the data says AU
    ['172.16.0.1', null], // the data says AU
    ['::1', null],
    ['fe80::1', null],
    ['2001:db8::1', null], // documentation: the data says JP, a known bug
  ])('%s → %s', (ip, expected) => expect(db.lookup(ip)).toBe(expected))

  it('answers in well under a microsecond once an address has been seen', () => {
    const ips = Array.from({ length: 500 }, (_, i) => `${(i % 200) + 20}.${i % 250}.${(i * 7) % 250}.1`)
    for (const ip of ips) db.lookup(ip)
    const start = performance.now()
    for (let i = 0; i < 100_000; i++) db.lookup(ips[i % ips.length])
    expect((performance.now() - start) / 100_000).toBeLessThan(0.01) // ms per lookup: < 10 µs even on a busy CI core
  })
})
