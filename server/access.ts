import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from './app.ts'
import type { Role } from './auth.ts'

/** Writes anyone may make. Every other non-GET under /api needs an editor: a new route cannot forget it. */
export const PUBLIC_WRITES = new Set(['/api/clicks', '/api/auth/login', '/api/auth/signup', '/api/auth/refresh-token', '/api/auth/logout', '/api/postback', '/api/track/brand-view'])
/** Reads that belong to the admin area (image search, admin lists). */
export const PROTECTED_READS = ['/api/posts/fluximg', '/api/brands/static-offers-admin', '/api/admin', '/api/reports']

const rank: Record<Role, number> = { user: 0, editor: 1, admin: 2 }

export function needsEditor(method: string, path: string) {
  const read = method === 'GET' || method === 'HEAD' || method === 'OPTIONS'
  if (!read) return !PUBLIC_WRITES.has(path.replace(/\/+$/, '') || '/')
  return PROTECTED_READS.some((p) => path === p || path.startsWith(`${p}/`))
}

/** Verifies the bearer access token and the role; sets `c.var.user`. Answers 401/403 with `{ message }`. */
export async function requireRole(c: Context<AppEnv>, role: Role): Promise<Response | undefined> {
  const header = c.req.header('authorization') ?? ''
  const token = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : ''
  if (!token) return c.json({ message: 'Log in to do this' }, 401)
  const claims = await c.var.services.users.verifyAccessToken(token)
  if (!claims) return c.json({ message: 'Your session has expired; log in again' }, 401)
  if ((rank[claims.role] ?? -1) < rank[role]) return c.json({ message: 'Your account has no editor access' }, 403)
  c.set('user', claims)
  return undefined
}

export function editorAccess(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (needsEditor(c.req.method, c.req.path)) {
      const denied = await requireRole(c, 'editor')
      if (denied) return denied
    }
    await next()
  }
}
