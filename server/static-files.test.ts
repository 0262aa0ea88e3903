import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadStaticFiles, serveStatic } from './static-files.ts'

const dir = mkdtempSync(join(tmpdir(), 'gamewise-static-cache-'))
mkdirSync(join(dir, 'assets'))
mkdirSync(join(dir, 'demo'))
writeFileSync(join(dir, 'assets', 'entry-3f9a1c.js'), 'console.log(1)'.repeat(100))
writeFileSync(join(dir, 'demo', 'hero.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(300)}</svg>`)
writeFileSync(join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
const files = loadStaticFiles(dir)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const get = (path: string, headers: Record<string, string> = {}) => serveStatic(files.get(path)!, new Request(`http://x${path}`, { headers }))

describe('static file caching', () => {
  it('caches fingerprinted /assets/ files as immutable for a year', () => {
    expect(get('/assets/entry-3f9a1c.js').headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it.each(['/demo/hero.svg', '/logo.svg'])('caches %s (a fixed name) for a day, then revalidates by ETag with a bodiless 304', async (path) => {
    const first = get(path, { 'accept-encoding': 'gzip' })
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400, stale-while-revalidate=604800')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]{22}"$/)
    // the tag names the file, whatever the encoding
    expect(get(path, { 'accept-encoding': 'br' }).headers.get('etag')).toBe(etag)
    const again = get(path, { 'if-none-match': `W/"other", ${etag}` })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'))
    expect(get(path, { 'if-none-match': '"stale"' }).status).toBe(200)
  })
})
