import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../server/config.ts'
import { createAppContext } from '../server/context.ts'
import { CLI_SECRET, runCli, tempDataDirs } from '../test/cli.ts'

/** Issue 26 from the command line: what readers search for, equal to GET /api/search/queries. */
const { dir, removeAll } = tempDataDirs()
afterAll(removeAll)

const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'
let data: string
beforeAll(async () => {
  data = dir('searches')
  expect(runCli(data, ['seed', 'demo', '--svg-images']).code).toBe(0)
  const ctx = await createAppContext(loadConfig({ DATA_DIR: data, AUTH_SECRET: CLI_SECRET }))
  const search = async (q: string, times: number) => {
    for (let i = 0; i < times; i++) {
      await ctx.services.search.search({ q })
      ctx.services.searchQueries.record({ q, userAgent: PERSON, method: 'GET', ip: `198.51.100.${i + 1}` })
    }
  }
  await search('wagering', 3)
  await search('Blorptastic casino', 2)
  await ctx.close() // writes what is pending
})

describe('bun run cli -- stats searches', () => {
  it('lists the most searched queries as a table', () => {
    const r = runCli(data, ['stats', 'searches'])
    expect(r.code, r.err).toBe(0)
    expect(r.out).toMatch(/^Most searched queries, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}:/)
    expect(r.out).toMatch(/wagering\s+3\s+3\s+0\n/)
    expect(r.out).toMatch(/blorptastic casino\s+2\s+2\s+2\n/)
  })

  it('--no-results --json: only those that found nothing, as JSON', () => {
    const r = runCli(data, ['stats', 'searches', '--no-results', '--json'])
    expect(r.code, r.err).toBe(0)
    const report = JSON.parse(r.out)
    expect(report).toMatchObject({ noResults: true, days: 30, queries: [{ query: 'blorptastic casino', searches: 2, visitors: 2, noResults: 2 }] })
  })

  it('refuses a bad --days with a message', () => {
    const r = runCli(data, ['stats', 'searches', '--days', '400'])
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/--days must be a whole number from 1 to 90/)
  })
})
