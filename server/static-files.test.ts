import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { baseHeaders } from './security-headers.ts'
import { loadStaticFiles, serveStatic } from './static-files.ts'

const root = mkdtempSync(join(tmpdir(), 'gamewise-static-'))
mkdirSync(join(root, 'assets'))
mkdirSync(join(root, 'demo'))
writeFileSync(join(root, 'assets', 'app.B7x9.js'), 'console.log(1)')
writeFileSync(join(root, 'demo', 'hero.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(600)}</svg>`)
afterAll(() => rmSync(root, { recursive: true, force: true }))
const files = loadStaticFiles(root, baseHeaders({ siteUrl: 'http://localhost:3000' }))
const get = (path: string, headers: Record<string, string> = {}) => serveStatic(files.get(path)!, new Request(`http://x${path}`, { headers }))

describe('static files (issue 12: caching)', () => {
  it('fingerprinted build output is immutable for a year', () => {
    expect(get('/assets/app.B7x9.js').headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })
  it('files that keep their name (demo images, the logo) are cached a day, served stale for a week, and revalidate to a 304 by ETag', async () => {
    const first = get('/demo/hero.svg', { 'accept-encoding': 'gzip' })
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400, stale-while-revalidate=604800')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]{22}"$/)
    const again = get('/demo/hero.svg', { 'if-none-match': etag, 'accept-encoding': 'gzip' })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(get('/demo/hero.svg', { 'if-none-match': `W/${etag}` }).status).toBe(304)
    expect(get('/demo/hero.svg', { 'if-none-match': '"stale"' }).status).toBe(200)
  })
})
