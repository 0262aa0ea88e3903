import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { batchedDestination, createLogger, flushLogs, requestIdFrom, requestLineWriter } from './logger.ts'

type RequestLine = { reqId: string; method: string; route: string; status: number; ms: number; user?: string; sample?: number }

const dir = mkdtempSync(join(tmpdir(), 'gamewise-log-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the server log destination', () => {
  it('writes every line whole and in order: many short ones, non-ASCII text and a line longer than its buffer', async () => {
    const file = join(dir, 'out.log')
    const log = createLogger({ env: 'production', logLevel: 'info' }, { destination: batchedDestination(file) })
    const long = 'x'.repeat(40_000)
    for (let i = 0; i < 3_000; i++) log.info({ i, text: i % 7 ? 'plain' : 'Ünïcödé ✓ 🎲' }, 'line')
    log.info({ long }, 'long line')
    log.info('after the long line')
    await flushLogs(log) // a graceful stop: nothing may stay behind
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l))
    expect(lines).toHaveLength(3_002)
    expect(lines.slice(0, 3_000).map((l) => l.i)).toEqual(Array.from({ length: 3_000 }, (_, i) => i))
    expect(lines[7].text).toBe('Ünïcödé ✓ 🎲')
    expect(lines[3_000].long).toBe(long)
    expect(lines[3_001].msg).toBe('after the long line')
  })

  it('writes a quiet server\'s line within moments, without waiting for the buffer to fill', async () => {
    const file = join(dir, 'quiet.log')
    const log = createLogger({ env: 'production', logLevel: 'info' }, { destination: batchedDestination(file) })
    log.info('just one')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(readFileSync(file, 'utf8')).toContain('"msg":"just one"')
  })
})

describe('request ids', () => {
  it('keeps a short, safe incoming id and replaces anything else', () => {
    expect(requestIdFrom('abc-123_X.y')).toBe('abc-123_X.y')
    for (const bad of [undefined, '', 'a'.repeat(65), 'has space', 'new\nline', 'ü']) expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('request lines (issue 24: built as one string)', () => {
  const lines: RequestLine[] = [
    { reqId: 'abc-123', method: 'GET', route: 'page', status: 200, ms: 0.12 },
    { reqId: '0b1c2d3e-0000-4000-8000-000000000000', method: 'POST', route: '/api/posts/:id', status: 201, ms: 12, user: 'user-1' },
    { reqId: 'x', method: 'GET', route: '/api/brands/:brandId', status: 503, ms: 1.5 },
    { reqId: 'y', method: 'M"\\\u2028', route: 'unmatched', status: 404, ms: 0, user: 'odd "sub" \\ ✓' },
    { reqId: 'z', method: 'GET', route: 'static', status: 200, ms: 0.01, sample: 100 },
  ]
  const capture = () => {
    const raw: string[] = []
    return { raw, destination: { write: (line: string) => void raw.push(line) } }
  }

  it("writes, byte for byte, the line pino writes for log.info({ reqId, method, route, status, ms, user }, 'request'), warn for a 5xx", () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T12:00:00.000Z') })
    try {
      const built = capture()
      const viaPino = capture()
      const write = requestLineWriter(createLogger({ env: 'production', logLevel: 'info' }, { destination: built.destination }))
      const log = createLogger({ env: 'production', logLevel: 'info' }, { destination: viaPino.destination })
      for (const line of lines) {
        const { reqId, method, route, status, ms, user, sample } = line
        write(reqId, method, route, status, ms, user, sample)
        log[status >= 500 ? 'warn' : 'info']({ reqId, method, route, status, ms, user, sample }, 'request')
      }
      expect(built.raw).toEqual(viaPino.raw)
      expect(JSON.parse(built.raw[3]!)).toMatchObject({ method: lines[3]!.method, user: lines[3]!.user })
      expect(JSON.parse(built.raw[4]!)).toMatchObject({ route: 'static', sample: 100 })
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps to the level, and gives a destination that wants metadata (a multistream) its line through pino', () => {
    const quiet = capture()
    const write = requestLineWriter(createLogger({ env: 'production', logLevel: 'warn' }, { destination: quiet.destination }))
    for (const l of lines) write(l.reqId, l.method, l.route, l.status, l.ms, l.user)
    expect(quiet.raw.map((l) => JSON.parse(l).status)).toEqual([503])

    const errors = capture()
    const all = capture()
    const multi = pino.multistream([
      { level: 'info', stream: all.destination },
      { level: 'error', stream: errors.destination },
    ])
    const viaMulti = requestLineWriter(createLogger({ env: 'production', logLevel: 'info' }, { destination: multi }))
    for (const l of lines) viaMulti(l.reqId, l.method, l.route, l.status, l.ms, l.user, l.sample)
    expect(all.raw).toHaveLength(5)
    expect(JSON.parse(all.raw[4]!)).toMatchObject({ sample: 100 })
    expect(errors.raw).toEqual([]) // routed by level, which pino tells a multistream
  })
})
