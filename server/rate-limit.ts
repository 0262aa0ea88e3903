import type { LimitsRepository } from '../db/repositories/limits.ts'

export type Limit = { limit: number; windowMs: number }
export type LimitCheck = { key: string; limit: Limit }

/** Which fixed window `now` falls in for a limit: its counter id and when it ends. */
export function windowOf(key: string, limit: Limit, now: number) {
  const index = Math.floor(now / limit.windowMs)
  return { id: `${key}@${index}`, endsAt: (index + 1) * limit.windowMs }
}

/**
 * Fixed-window limits kept in the store, so every server process over one store counts together.
 * An attempt is counted before it is made (and given back if it should not count), so two processes
 * racing cannot both slip under the limit.
 */
export function createRateLimiter(deps: { limits: LimitsRepository; now: () => Date }) {
  return {
    /** Counts one attempt against each check; answers the seconds until all allow it (0: go ahead). */
    async take(checks: LimitCheck[]): Promise<number> {
      const now = deps.now().getTime()
      let wait = 0
      for (const { key, limit } of checks) {
        const w = windowOf(key, limit, now)
        const count = await deps.limits.add(w.id, 1, new Date(w.endsAt))
        if (count > limit.limit) wait = Math.max(wait, Math.ceil((w.endsAt - now) / 1000))
      }
      return wait
    },
    /** Gives back an attempt that `take` counted (a successful login is not a failure). */
    async giveBack(checks: LimitCheck[]) {
      const now = deps.now().getTime()
      for (const { key, limit } of checks) {
        const w = windowOf(key, limit, now)
        await deps.limits.add(w.id, -1, new Date(w.endsAt))
      }
    },
    /** Forgets a key's count in the current window. */
    async reset(check: LimitCheck) {
      await deps.limits.clear(windowOf(check.key, check.limit, deps.now().getTime()).id)
    },
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>
