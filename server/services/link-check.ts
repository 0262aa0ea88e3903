import type { BrandsRepository } from '../../db/repositories/brands.ts'
import type { LinkCheck, LinkChecksRepository } from '../../db/repositories/link-checks.ts'

export type { LinkCheck } from '../../db/repositories/link-checks.ts'

const MAX_REDIRECTS = 5

/**
 * Link health (issue 7): every brand's CTA URL, HEAD first and GET when HEAD is refused, redirects
 * followed one by one so a changed final host shows; bounded concurrency and a timeout per request.
 */
export function createLinkChecker(deps: { brands: BrandsRepository; linkChecks: LinkChecksRepository; now: () => Date; fetch?: typeof fetch }) {
  const doFetch = deps.fetch ?? fetch

  async function request(url: string, method: 'HEAD' | 'GET', timeoutMs: number) {
    const res = await doFetch(url, { method, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), headers: { 'user-agent': 'GameWise link checker' } })
    await res.body?.cancel().catch(() => {})
    return res
  }

  async function check(brandId: string, url: string, timeoutMs: number): Promise<LinkCheck> {
    const base = { _id: brandId, url, checkedAt: deps.now() }
    let current = url
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        let res = await request(current, 'HEAD', timeoutMs)
        if ([403, 405, 501].includes(res.status)) res = await request(current, 'GET', timeoutMs) // servers that refuse HEAD
        const location = res.headers.get('location')
        if (res.status >= 300 && res.status < 400 && location) {
          current = new URL(location, current).toString()
          continue
        }
        const hostChanged = new URL(current).host !== new URL(url).host
        return { ...base, ok: res.status < 400, status: res.status, error: res.status >= 400 ? `HTTP ${res.status}` : null, finalUrl: current, hostChanged }
      }
      return { ...base, ok: false, status: null, error: `more than ${MAX_REDIRECTS} redirects`, finalUrl: current, hostChanged: false }
    } catch (err) {
      const e = err as Error
      const error = e.name === 'TimeoutError' || e.name === 'AbortError' ? `timeout after ${timeoutMs} ms` : `unreachable: ${e.message}`
      return { ...base, ok: false, status: null, error, finalUrl: null, hostChanged: false }
    }
  }

  return {
    async checkAll(opts: { concurrency?: number; timeoutMs?: number } = {}): Promise<LinkCheck[]> {
      const targets = (await deps.brands.list()).flatMap((b) => (b.dealBox?.ctaUrl && /^https?:\/\//.test(b.dealBox.ctaUrl) ? [{ id: b._id, url: b.dealBox.ctaUrl }] : []))
      const results: LinkCheck[] = []
      let next = 0
      const worker = async () => {
        while (next < targets.length) {
          const t = targets[next++]
          results.push(await check(t.id, t.url, opts.timeoutMs ?? 8_000))
        }
      }
      await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 4, targets.length) }, worker))
      await deps.linkChecks.save(results)
      return results.sort((a, b) => (a._id < b._id ? -1 : 1))
    },
    async last(): Promise<Map<string, LinkCheck>> {
      return new Map((await deps.linkChecks.list()).map((c) => [c._id, c]))
    },
  }
}
export type LinkChecker = ReturnType<typeof createLinkChecker>
