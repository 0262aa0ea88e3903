import { createRateLimiter } from '../rate-limit.ts'
import type { Wiring } from '../wiring.ts'
import type { Auth } from './auth.ts'
import { createUsersService } from './users.ts'

/** Accounts, wired once (docs/accounts.md): users and sessions over better-auth, and the limits on logins, sign-ups and postbacks. */
export function createAccounts(w: Wiring, deps: { auth: Auth }) {
  return {
    users: createUsersService({ auth: deps.auth, audit: w.audit }),
    limiter: createRateLimiter({ limits: w.repos.limits, now: w.now }),
  }
}
