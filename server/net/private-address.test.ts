import { describe, expect, it } from 'vitest'
import { isLocalHostname, isPrivateAddress } from './private-address.ts'

describe('isPrivateAddress (what the link checker never connects to)', () => {
  it('refuses loopback, private, link-local, shared, multicast and reserved IPv4', () => {
    for (const ip of [
      '127.0.0.1', '127.255.255.254', '0.0.0.0', '0.1.2.3', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255',
      '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.255', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255',
    ]) expect(isPrivateAddress(ip), ip).toBe(true)
  })

  it('allows public IPv4, including the neighbours of every blocked range', () => {
    for (const ip of ['8.8.8.8', '93.184.216.34', '9.255.255.255', '11.0.0.0', '172.15.255.255', '172.32.0.0', '192.167.255.255', '192.169.0.0', '169.253.255.255', '100.63.255.255', '100.128.0.0', '223.255.255.255', '1.0.0.0']) {
      expect(isPrivateAddress(ip), ip).toBe(false)
    }
  })

  it('refuses IPv6 loopback, unspecified, unique-local, link-local and multicast', () => {
    for (const ip of ['::1', '::', '0:0:0:0:0:0:0:1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'febf::1', 'ff02::1', 'FF05::2']) {
      expect(isPrivateAddress(ip), ip).toBe(true)
    }
  })

  it('judges IPv6 that embeds IPv4 by the IPv4 inside', () => {
    for (const ip of ['::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:a9fe:a9fe', '::127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::169.254.169.254', '2002:7f00:1::', '2002:c0a8:0101::1']) {
      expect(isPrivateAddress(ip), ip).toBe(true)
    }
    for (const ip of ['::ffff:8.8.8.8', '64:ff9b::808:808', '2002:0808:0808::1', '2606:4700:4700::1111', '2001:4860:4860::8888']) {
      expect(isPrivateAddress(ip), ip).toBe(false)
    }
  })

  it('fails closed on anything that is not an IP address', () => {
    for (const v of ['', 'localhost', '2130706433', '0x7f.1', '1.2.3', 'example.com']) expect(isPrivateAddress(v), v).toBe(true)
  })
})

describe('isLocalHostname', () => {
  it('knows localhost in every spelling the URL parser leaves', () => {
    for (const h of ['localhost', 'LOCALHOST', 'localhost.', 'api.localhost', 'a.b.localhost.']) expect(isLocalHostname(h), h).toBe(true)
    for (const h of ['localhost.example.com', 'notlocalhost', 'example.com']) expect(isLocalHostname(h), h).toBe(false)
  })
})
