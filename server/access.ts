import type { Context } from 'hono'
import { hasRole, type Role } from '../lib/roles.ts'
import type { AppEnv } from './router.ts'

const denied = {
  unauthenticated: { message: 'Log in to do this', code: 'unauthorized' },
  expired: { message: 'Your session has expired; log in again', code: 'unauthorized' },
  editor: { message: 'Your account has no editor access', code: 'forbidden' },
  admin: { message: 'This needs an admin account', code: 'forbidden' },
} as const

/**
 * Verifies the bearer access token, then the session behind it and the account's current role in
 * the store, so a logged-out, revoked or demoted session stops at once rather than when its
 * 15-minute token runs out. Unknown roles have no rights. Sets `c.var.user`; answers 401/403 `{ message }`.
 */
export async function requireRole(c: Context<AppEnv>, role: Exclude<Role, 'user'>): Promise<Response | undefined> {
  const header = c.req.header('authorization') ?? ''
  const token = /^bearer\s/i.test(header) ? header.slice(7).trim() : ''
  if (!token) return c.json(denied.unauthenticated, 401)
  const { users } = c.var.services
  const claims = await users.verifyAccessToken(token)
  if (!claims) return c.json(denied.expired, 401)
  if (!hasRole(claims.role, role)) return c.json(denied[role], 403)
  const live = await users.sessionRole(claims)
  if (live.revoked) return c.json(denied.expired, 401)
  if (!hasRole(live.role, role)) return c.json(denied[role], 403)
  c.set('user', { ...claims, role: live.role })
  return undefined
}
