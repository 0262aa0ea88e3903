import { afterAll, describe, expect, it } from 'vitest'
import { pinnedRequest } from './pinned-request.ts'

const seen: string[] = []
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(req) {
    seen.push(`${req.method} ${req.headers.get('host')} ${new URL(req.url).pathname}`)
    return new Response('hi', { status: 302, headers: { location: '/next' } })
  },
})
afterAll(() => server.stop(true))

const signal = () => AbortSignal.timeout(2_000)

describe('pinnedRequest (connects where it was told, whatever DNS would say)', () => {
  it('reaches the given address for a name that does not resolve, sending that name as Host', async () => {
    // rebind.example has no DNS answer on this machine: a success can only come from the pinned address
    const url = new URL(`http://rebind.example:${server.port}/landing?x=1`)
    const res = await pinnedRequest({ url, addresses: [{ address: '127.0.0.1', family: 4 }], method: 'HEAD', signal: signal() })
    expect(res).toEqual({ status: 302, location: '/next' })
    expect(seen.at(-1)).toBe(`HEAD rebind.example:${server.port} /landing`)
  })

  it('never falls back to DNS: a pinned address with nothing listening is refused', async () => {
    const url = new URL(`http://localhost:${server.port}/`) // DNS would say 127.0.0.1, where the server is
    await expect(pinnedRequest({ url, addresses: [{ address: '127.0.0.3', family: 4 }], method: 'GET', signal: signal() })).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  })

  it('gives up when the signal fires', async () => {
    const hang = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => Bun.sleep(2_000).then(() => new Response('late')) })
    const url = new URL(`http://slow.example:${hang.port}/`)
    await expect(pinnedRequest({ url, addresses: [{ address: '127.0.0.1', family: 4 }], method: 'GET', signal: AbortSignal.timeout(100) })).rejects.toMatchObject({ name: 'TimeoutError' })
    hang.stop(true)
  })
})
