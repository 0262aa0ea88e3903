/**
 * `bun bench/sitemap.ts`: uncached render time of the sitemaps and feeds at scale. Fills an in-memory
 * store with BENCH_POSTS articles (default 100,000; demo articles with their body repeated to about
 * 8 KB each, over 50 tags) and 200 brands, then requests each answer BENCH_RUNS times through the app,
 * clearing the render cache before every request, and prints p50/p99/max. The target: an
 * uncached render of any page ≤ 50 ms p99 at 100,000 articles. Wall time suffers when other work shares
 * the cores, so CPU time (this process's) is printed too. BENCH_PAGE_SIZE tries another sitemap size.
 */
import { loadavg } from 'node:os'
import type { BrandDoc } from '../db/repositories/brands.ts'
import { toPostDoc } from '../db/repositories/posts.ts'
import { op } from '../db/batch.ts'
import type { BatchOp } from '../db/port.ts'
import { type Post, postInputSchema } from '../lib/schemas.ts'
import { demoBrands } from '../server/demo/brands.ts'
import { demoPosts } from '../server/demo/posts.ts'
import { createSitemapService, SITEMAP_PAGE_SIZE } from '../server/content/sitemaps.ts'
import { makeTestApp } from '../test/make-app.ts'

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 50)
const BRANDS = 200
const PAGE_SIZE = Number(process.env.BENCH_PAGE_SIZE ?? SITEMAP_PAGE_SIZE)

const { app, ctx } = await makeTestApp({ seed: false })
const templates = demoPosts.filter((p) => p.type === 'article').map((p) => {
  const input = postInputSchema.parse(p)
  const body = [...input.content.body, ...input.content.body, ...input.content.body, ...input.content.body]
  return { ...input, content: { ...input.content, body } }
})
const start = Date.parse('2024-01-01T00:00:00Z')
let t0 = performance.now()
for (let i = 0; i < POSTS; i += 1_000) {
  const ops: BatchOp[] = []
  for (let j = i; j < Math.min(POSTS, i + 1_000); j++) {
    const at = new Date(start + j * 60_000).toISOString()
    const post = { ...templates[j % templates.length], _id: `article-${j}`, tag: `Tag ${j % 50}`, type: 'article', createdAt: at, updatedAt: at } as Post
    ops.push(op.insert('posts', toPostDoc(post)))
  }
  await ctx.store.batch(ops)
}
for (let i = 0; i < BRANDS; i++) {
  const src = demoBrands[i % demoBrands.length] as unknown as BrandDoc
  const at = new Date(start + i * 1_000).toISOString()
  await ctx.repos.brands.insert({ ...src, _id: `brand-${i}`, logo: null, bannerImage: null, createdAt: at, updatedAt: at })
}
if (PAGE_SIZE !== SITEMAP_PAGE_SIZE) {
  const { content, brands: directory } = ctx.services
  ctx.services.sitemaps = createSitemapService({ posts: ctx.repos.posts, brands: ctx.repos.brands, content, directory, info: ctx.services.infoPages, authors: ctx.services.authors, siteUrl: ctx.config.siteUrl, pageSize: PAGE_SIZE })
}
const bytes = JSON.stringify(await ctx.repos.posts.findById('article-0')).length
console.log(`${POSTS.toLocaleString('en')} articles (~${(bytes / 1024).toFixed(1)} KB each), ${BRANDS} brands: filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`)

const lastArticles = Math.ceil(POSTS / PAGE_SIZE)
const paths = ['/sitemap.xml', '/sitemap-articles-1.xml', `/sitemap-articles-${lastArticles}.xml`, '/sitemap-brands-1.xml', '/sitemap-archives-1.xml', '/sitemap-tags-1.xml', '/rss.xml', '/tag/tag-7/rss.xml', '/robots.txt']
console.log(`sitemap page size ${PAGE_SIZE.toLocaleString('en')}; ${RUNS} uncached requests each; load average ${loadavg()[0].toFixed(2)}`)
console.log('answer'.padEnd(28), 'status', 'URLs'.padStart(6), 'KB'.padStart(5), ' wall p50  p99  max', '  cpu p50  p99  max (ms)')
for (const path of paths) {
  const times: number[] = []
  const cpu: number[] = []
  let status = 0
  let body = ''
  for (let i = 0; i < RUNS + 2; i++) {
    ctx.renderCache.clear()
    const c0 = process.cpuUsage()
    t0 = performance.now()
    const res = await app.request(path)
    body = await res.text()
    const used = process.cpuUsage(c0)
    if (i >= 2) {
      // two warm-up requests first
      times.push(performance.now() - t0)
      cpu.push((used.user + used.system) / 1000)
    }
    status = res.status
  }
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b)
    const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]
    return [at(0.5), at(0.99), s[s.length - 1]].map((x) => x.toFixed(1).padStart(6)).join('')
  }
  const urls = (body.match(/<(url|sitemap|item)>/g) ?? []).length
  console.log(path.padEnd(28), String(status).padStart(6), String(urls).padStart(6), (body.length / 1024).toFixed(0).padStart(5), '    ', stats(times), '     ', stats(cpu))
}
await ctx.close()
