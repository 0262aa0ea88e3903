import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { batchedDestination, createLogger, flushLogs, requestIdFrom } from './logger.ts'

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
