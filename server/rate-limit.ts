/**
 * Fixed-window counters in memory (one process). Used for login: failed attempts per IP and per
 * username, so neither a single address nor a spread-out attack can guess passwords quickly.
 */
export function createRateLimiter(opts: { limit: number; windowMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now
  const windows = new Map<string, { count: number; resetAt: number }>()
  const current = (key: string) => {
    const w = windows.get(key)
    if (!w || w.resetAt <= now()) return undefined
    return w
  }
  return {
    /** Seconds until `key` may try again, or 0 when it may try now. */
    retryAfter(key: string): number {
      const w = current(key)
      return w && w.count >= opts.limit ? Math.ceil((w.resetAt - now()) / 1000) : 0
    },
    hit(key: string) {
      const w = current(key)
      if (w) w.count++
      else windows.set(key, { count: 1, resetAt: now() + opts.windowMs })
      if (windows.size > 50_000) for (const [k, v] of windows) if (v.resetAt <= now()) windows.delete(k)
    },
    reset(key: string) {
      windows.delete(key)
    },
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>
