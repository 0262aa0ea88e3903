import type { Context } from 'hono'
import { hasRole, type Role } from '../lib/roles.ts'
import type { AppEnv } from './app-env.ts'
import type { AccessClaims } from './accounts/users.ts'

const denied = {
  unauthenticated: { message: 'Log in to do this', code: 'unauthorized' },
  expired: { message: 'Your session has expired; log in again', code: 'unauthorized' },
  editor: { message: 'Your account has no editor access', code: 'forbidden' },
  manager: { message: 'This needs a manager or admin account: only they may bring revenue in (conversion and exchange-rate imports)', code: 'forbidden' },
  admin: { message: 'This needs an admin account', code: 'forbidden' },
} as const

type Refusal = { status: 401 | 403; body: (typeof denied)[keyof typeof denied] }

/**
 * Verifies the bearer access token, then the session behind it and the account's current role in
 * the store, so a logged-out, revoked or demoted session stops at once rather than when its
 * 15-minute token runs out. Unknown roles have no rights.
 */
async function checkToken(c: Context<AppEnv>, role: Exclude<Role, 'user'>): Promise<{ user: AccessClaims } | Refusal> {
  const header = c.req.header('authorization') ?? ''
  const token = /^bearer\s/i.test(header) ? header.slice(7).trim() : ''
  if (!token) return { status: 401, body: denied.unauthenticated }
  const { users } = c.var.services
  const claims = await users.verifyAccessToken(token)
  if (!claims) return { status: 401, body: denied.expired }
  if (!hasRole(claims.role, role)) return { status: 403, body: denied[role] }
  const live = await users.sessionRole(claims)
  if (live.revoked) return { status: 401, body: denied.expired }
  if (!hasRole(live.role, role)) return { status: 403, body: denied[role] }
  return { user: { ...claims, role: live.role } }
}

/** For routes that need `role`: sets `c.var.user`, or answers 401/403 `{ message, code }`. */
export async function requireRole(c: Context<AppEnv>, role: Exclude<Role, 'user'>): Promise<Response | undefined> {
  const checked = await checkToken(c, role)
  if ('status' in checked) return c.json(checked.body, checked.status)
  c.set('user', checked.user)
  return undefined
}

/**
 * For a public route an account can enrich (`rule({ richerFor })`): the caller, when their token gives
 * `role` now. Any other token (malformed, forged, expired, revoked, a `user`'s) adds nothing and is
 * ignored, never refused: a public answer does not get worse because the caller is or was signed in.
 */
export async function callerWithRole(c: Context<AppEnv>, role: Exclude<Role, 'user'>): Promise<AccessClaims | undefined> {
  if (c.req.header('authorization') === undefined) return undefined
  const checked = await checkToken(c, role)
  return 'user' in checked ? checked.user : undefined
}
