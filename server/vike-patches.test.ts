import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CATCH_INFINITE_LOOP, patchCatchInfiniteLoop } from './vike-patches.ts'

const root = join(import.meta.dirname, '..')
const file = join(root, 'node_modules/vike/dist/utils/catchInfiniteLoop.js')

/** The patched function, its imports stubbed: assertUsage throws, assertWarning records. */
function patchedGuard() {
  const patched = patchCatchInfiniteLoop(readFileSync(file, 'utf8'))
  if (patched === null) throw new Error('not patched')
  const body = patched.replace(/^(import|export) .*$/gm, '')
  const warnings: string[] = []
  const assertUsage = (ok: boolean, msg: string) => {
    if (!ok) throw new Error(msg)
  }
  const assertWarning = (ok: boolean, msg: string) => void (ok || warnings.push(msg))
  const guard = new Function('assertUsage', 'assertWarning', 'humanizeTime', `${body}\nreturn catchInfiniteLoop`)(assertUsage, assertWarning, (ms: number) => `${ms / 1000} seconds`) as (name: string) => void
  return { guard, warnings }
}

afterEach(() => vi.useRealTimers())

describe("Vike's per-render guard, corrected as it loads (server/vike-patches.ts)", () => {
  it('applies to the installed Vike (an upgrade that changes the file fails here: look at the patch again)', () => {
    expect(CATCH_INFINITE_LOOP.test(file)).toBe(true)
    expect(patchCatchInfiniteLoop(readFileSync(file, 'utf8'))).not.toBeNull()
  })

  it('keeps Vike’s behaviour: a warning past half the limit, an error past 99 calls of one key within 5 s, a fresh count after', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') })
    const { guard, warnings } = patchedGuard()
    for (let i = 1; i <= 49; i++) guard('render a')
    expect(warnings).toEqual([])
    guard('render a')
    expect(warnings).toHaveLength(1)
    for (let i = 51; i <= 99; i++) guard('render a')
    expect(() => guard('render a')).toThrow(/called 100 times within 5 seconds/)
    vi.advanceTimersByTime(5_001)
    expect(() => guard('render a')).not.toThrow() // expired: counted afresh
  })

  it('drops the keys of past requests as their 5 s end, without walking the others on every call', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') })
    const { guard } = patchedGuard()
    // one key per request, as Vike names them: 200,000 renders over 10 s never count each other
    for (let i = 0; i < 200_000; i++) {
      guard(`[request ${i}] renderPageServerEntryRecursive()`)
      if (i % 20 === 0) vi.advanceTimersByTime(1)
    }
    expect(() => guard('[request 199999] renderPageServerEntryRecursive()')).not.toThrow()
  })

  it('is what the production server runs (the plugin registered before vike/server loads)', () => {
    const probe = Bun.spawnSync(
      [process.execPath, '-e', `const { applyVikePatches } = await import('./server/vike-patches.ts'); applyVikePatches(); const m = await import('./node_modules/vike/dist/utils/catchInfiniteLoop.js'); console.log(String(m.catchInfiniteLoop).includes('trackers.get(functionName)'))`],
      { cwd: root, env: { ...process.env, BUN_BE_BUN: '1' } },
    )
    expect(probe.stdout.toString().trim(), probe.stderr.toString()).toBe('true')
  })
})
