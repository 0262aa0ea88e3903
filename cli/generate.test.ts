import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startFakeOpenAi } from '../test/fake-openai.ts'
import { runCli, runCliAsync, tempDataDir } from '../test/cli.ts'

const ai = startFakeOpenAi()
const dataDir = tempDataDir('generate')
const env = { AI_BASE_URL: ai.url, AI_MODEL: 'fake-model', AI_API_KEY: 'k', AI_TIMEOUT_MS: '5000' }
afterAll(() => {
  ai.stop()
  rmSync(dataDir, { recursive: true, force: true })
})
const posts = () => JSON.parse(runCli(dataDir, ['export', 'posts']).out).posts as { _id: string; type: string; content: { body: unknown[] } }[]

describe('cli generate (issue 6, local fake OpenAI-compatible server)', () => {
  it('generates one post with the requested sections and saves it with --save', async () => {
    const r = await runCliAsync(dataDir, ['generate', 'post', '--type', 'articleBottom', '--title', 'Cashback explained', '--sections', '3', '--save', '--json'], { env })
    expect(r.code).toBe(0)
    const out = JSON.parse(r.out)
    expect(out.content.body).toHaveLength(3)
    expect(out.saved).toBe('cashback-explained')
    expect(posts()).toEqual([expect.objectContaining({ _id: 'cashback-explained', type: 'articleBottom' })])
  })

  it('without --save prints the text and stores nothing', async () => {
    const before = posts().length
    const r = await runCliAsync(dataDir, ['generate', 'post', '--title', 'Just looking'], { env })
    expect(r.code).toBe(0)
    expect(r.out).toContain('# Generated section 1')
    expect(posts()).toHaveLength(before)
  })

  it('a batch continues past a failed item, shows progress, sums up and exits non-zero', async () => {
    const file = join(dataDir, 'titles.txt')
    writeFileSync(file, 'First batch title\nSecond batch title\nThird batch title\n')
    ai.queue.push('valid', 'error', 'valid')
    const before = posts().length
    const r = await runCliAsync(dataDir, ['generate', 'batch', file, '--sections', '5', '--save'], { env })
    expect(r.code).toBe(1)
    expect(r.out).toMatch(/^2 succeeded, 1 failed\.\nfailed: Second batch title: AI error/m)
    expect(r.err).toMatch(/\[#+\] 3\/3 {2}ok 2 {2}failed 1 {2}ETA/)
    expect(posts()).toHaveLength(before + 2)
  })

  it('reads a CSV plan with per-row type and sections', async () => {
    const file = join(dataDir, 'plan.csv')
    writeFileSync(file, 'title,type,sections\nCSV featured,featured,7\n')
    const r = await runCliAsync(dataDir, ['generate', 'batch', file, '--save', '--json'], { env })
    expect(r.code).toBe(0)
    expect(posts().find((p) => p._id === 'csv-featured')).toMatchObject({ type: 'featured', content: { body: expect.any(Array) } })
    expect(posts().find((p) => p._id === 'csv-featured')!.content.body).toHaveLength(7)
  })

  it('says which variables to set when AI is not configured', () => {
    const r = runCli(dataDir, ['generate', 'post', '--title', 'x'])
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/AI_BASE_URL and AI_MODEL/)
  })

  it('refuses a bad --sections', async () => {
    const r = await runCliAsync(dataDir, ['generate', 'post', '--title', 'x', '--sections', '4'], { env })
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/--sections must be 3, 5 or 7/)
  })
})

describe('cli links check (issue 7, local servers only)', () => {
  it('reports OK and dead links with a summary, and exits non-zero when one is dead', async () => {
    let requests = 0
    const partner = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (req) => (requests++, new URL(req.url).pathname === '/ok' ? new Response('ok') : new Response('gone', { status: 410 })),
    })
    try {
      const source = tempDataDir('links-src')
      expect(runCli(source, ['seed', 'demo', '--svg-images']).code).toBe(0)
      const bundle = JSON.parse(runCli(source, ['export', 'brands']).out)
      bundle.brands = bundle.brands.slice(0, 2)
      bundle.brands[0].dealBox.ctaUrl = `http://127.0.0.1:${partner.port}/ok`
      bundle.brands[1].dealBox.ctaUrl = `http://127.0.0.1:${partner.port}/gone`
      const target = tempDataDir('links')
      const file = join(target, 'brands.json')
      writeFileSync(file, JSON.stringify(bundle))
      expect(runCli(target, ['import', 'brands', file]).code).toBe(0)
      // a loopback partner is refused by default, without a request
      const refused = await runCliAsync(target, ['links', 'check', '--timeout', '2000'])
      expect(refused.code).toBe(1)
      expect(refused.out.match(/\(blocked: private or loopback address\)$/gm)).toHaveLength(2)
      expect(requests).toBe(0)

      const r = await runCliAsync(target, ['links', 'check', '--timeout', '2000'], { env: { LINK_CHECK_ALLOW_PRIVATE: '1' } })
      expect(r.code).toBe(1)
      expect(r.out).toMatch(/^OK {4}\S+/m)
      expect(r.out).toMatch(/^DEAD\s+\S+\s.*\(HTTP 410\)$/m)
      expect(r.out).toMatch(/2 checked, 1 dead, 0 landing on another host\./)
      rmSync(source, { recursive: true, force: true })
      rmSync(target, { recursive: true, force: true })
    } finally {
      partner.stop(true)
    }
  })
})
