import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STALE_FACTS_DAYS } from '../lib/offer-lifecycle.ts'
import { runCli, tempDataDirs } from '../test/cli.ts'

/** Issue 22: `offers due` says what editors must look at, as GET /api/brands/offers-due does. */
const { dir, removeAll } = tempDataDirs()
afterAll(() => removeAll())
let dataDir: string
beforeAll(() => {
  dataDir = dir('offers')
  expect(runCli(dataDir, ['seed', 'demo', '--svg-images']).code).toBe(0)
})

describe('cli offers due', () => {
  it('lists brands whose facts were checked 90 days ago or more, oldest first, as text and as JSON', () => {
    const json = runCli(dataDir, ['--json', 'offers', 'due'])
    expect(json.code, json.err).toBe(0)
    const due = JSON.parse(json.out)
    expect(due).toMatchObject({ days: 7, staleAfterDays: STALE_FACTS_DAYS, ending: [], ended: [] })
    // the demo's royal-reel was last checked on 2026-06-12: due from 90 days after, whatever today is
    const stale = due.stale.map((s: { _id: string }) => s._id)
    expect(stale).toContain('royal-reel')
    for (const s of due.stale) expect(s.daysSince === null || s.daysSince >= STALE_FACTS_DAYS).toBe(true)
    const text = runCli(dataDir, ['offers', 'due'])
    expect(text.out).toMatch(/Facts to check \(never, or 90\+ days ago\):/)
    expect(text.out).toMatch(/royal-reel\s+last checked 2026-06-12/)
  })

  it('refuses a --days it cannot use, naming it', () => {
    const r = runCli(dataDir, ['offers', 'due', '--days', '0'])
    expect(r.code).toBe(1)
    expect(r.err).toContain('--days must be a whole number from 1 to 90')
  })
})
