import { randomBytes } from 'node:crypto'
import { APIError } from 'better-auth/api'
import { changedFields } from '../../lib/audit.ts'
import { parseRole, type Role, roles } from '../../lib/roles.ts'
import { type Auth, PASSWORD, USERNAME } from './auth.ts'
import { AppError, notFound } from '../errors.ts'
import type { AuditService } from '../operations/audit.ts'

/** An account as the Users screen shows it. */
export type Account = { id: string; username: string; role: Role | null; disabled: boolean; createdAt: Date }
type UserRow = { id: string; username: string; role?: string | null; disabled?: boolean | null; createdAt: Date }
const toAccount = (u: UserRow): Account => ({ id: String(u.id), username: u.username, role: parseRole(u.role ?? 'user'), disabled: Boolean(u.disabled), createdAt: u.createdAt })

/** A role's rank: higher has more rights; an unknown stored role counts as highest (anything but a promotion from it revokes). */
const rank = (r: unknown) => {
  const known = parseRole(r ?? 'user')
  return known ? roles.length - roles.indexOf(known) : Number.POSITIVE_INFINITY
}

const bearer = (token: string) => new Headers({ authorization: `Bearer ${token}` })

/** What a verified access token says: the role is null when it is not one we know (no rights). */
export type AccessClaims = { sub: string; username: string; role: Role | null; sid?: string }

/**
 * better-auth's own message when it has one, under our status mapping. Its request validation throws
 * better-call's base APIError, not the subclass better-auth exports, so the class is recognised by name too.
 */
export function fromAuthError(err: unknown, fallback: string): AppError {
  const isApiError = err instanceof APIError || (err instanceof Error && err.name === 'APIError' && typeof (err as { statusCode?: unknown }).statusCode === 'number')
  if (isApiError) {
    const { body, statusCode: status } = err as APIError
    const message = (body as { message?: string } | undefined)?.message || fallback
    if (status === 401 || status === 403) return new AppError('unauthorized', fallback)
    if (status === 409 || /already|taken|exists/i.test(message)) return new AppError('conflict', message)
    if (status >= 400 && status < 500) return new AppError('bad_request', message)
  }
  return err instanceof AppError ? err : new AppError('internal', fallback)
}

export function checkUsername(name: string) {
  if (name.length < USERNAME.min || name.length > USERNAME.max)
    throw new AppError('bad_request', `Username must be ${USERNAME.min} to ${USERNAME.max} characters`)
  if (!USERNAME.pattern.test(name))
    throw new AppError('bad_request', 'Username may contain only letters, digits, dots and underscores, with no dot at either end or two in a row')
}

export function checkPassword(password: string) {
  if (password.length < PASSWORD.min || password.length > PASSWORD.max)
    throw new AppError('bad_request', `Password must be ${PASSWORD.min} to ${PASSWORD.max} characters`)
}

/**
 * Accounts through better-auth only: the spec's login, refresh and sign-up are thin wrappers over
 * `auth.api`. The refresh token is a revocable better-auth session; the access token a 15-minute JWT.
 */
export function createUsersService(deps: { auth: Auth; audit: AuditService }) {
  const { auth } = deps
  const context = () => auth.$context

  async function findByUsername(name: string) {
    const ctx = await context()
    return ctx.adapter.findOne<{ id: string; username: string; role?: string }>({
      model: 'user',
      where: [{ field: 'username', value: name.toLowerCase() }],
    })
  }

  async function findById(id: string) {
    const ctx = await context()
    return ctx.adapter.findOne<UserRow>({ model: 'user', where: [{ field: 'id', value: id }] })
  }

  /** Admins who can log in, other than `exceptId`. */
  async function otherActiveAdmins(exceptId: string) {
    const ctx = await context()
    const admins = await ctx.adapter.findMany<UserRow>({ model: 'user', where: [{ field: 'role', value: 'admin' }] })
    return admins.filter((a) => String(a.id) !== exceptId && !a.disabled).length
  }

  /** The store must keep an admin who can log in (the Users screen, the CLI). */
  async function keepAnAdmin(user: UserRow, next: { role?: Role; disabled?: boolean }) {
    const isActiveAdmin = parseRole(user.role ?? 'user') === 'admin' && !user.disabled
    const staysActiveAdmin = (next.role ?? 'admin') === 'admin' && !(next.disabled ?? false)
    if (isActiveAdmin && !staysActiveAdmin && (await otherActiveAdmins(String(user.id))) === 0)
      throw new AppError('conflict', `"${user.username}" is the last admin: make another account admin first`)
  }

  async function issueAccessToken(refreshToken: string): Promise<string> {
    const { token } = await auth.api.getToken({ headers: bearer(refreshToken) })
    return token
  }

  const userTarget = (name: string) => `user:${name.toLowerCase()}`

  async function createAccountRow(name: string, password: string) {
    checkUsername(name)
    checkPassword(password)
    if (await findByUsername(name)) throw new AppError('conflict', 'Username is already taken')
    try {
      const { user } = await auth.api.signUpEmail({
        // the username plugin still wants an email: a synthetic, undeliverable one (docs/architecture.md, "Known pitfalls")
        body: { email: `${name.toLowerCase()}@users.invalid`, password, name, username: name },
      })
      return { id: user.id, username: name.toLowerCase(), role: 'user' as Role }
    } catch (err) {
      throw fromAuthError(err, 'Failed to create account')
    }
  }

  async function changeAccount(actorId: string | null, id: string, change: { role?: Role; disabled?: boolean }): Promise<{ before: Account; after: Account }> {
    if (change.role !== undefined && !parseRole(change.role)) throw new AppError('bad_request', `Unknown role "${change.role}"; use ${roles.join(', ')}`)
    const user = await findById(id)
    if (!user) throw notFound('No such user')
    const self = actorId !== null && String(user.id) === actorId
    if (self && change.role !== undefined && change.role !== parseRole(user.role ?? 'user')) throw new AppError('bad_request', 'You cannot change your own role')
    if (self && change.disabled) throw new AppError('bad_request', 'You cannot disable your own account')
    await keepAnAdmin(user, { role: change.role ?? parseRole(user.role ?? 'user') ?? undefined, disabled: change.disabled ?? Boolean(user.disabled) })
    const fields: Record<string, unknown> = {}
    if (change.role !== undefined) fields.role = change.role
    if (change.disabled !== undefined) fields.disabled = change.disabled
    if (!Object.keys(fields).length) return { before: toAccount(user), after: toAccount(user) }
    const ctx = await context()
    await ctx.internalAdapter.updateUser(String(user.id), fields)
    if ((change.role !== undefined && rank(change.role) < rank(user.role)) || (change.disabled && !user.disabled)) await ctx.internalAdapter.deleteUserSessions(String(user.id))
    return { before: toAccount(user), after: toAccount((await findById(String(user.id)))!) }
  }

  const service = {
    /** An open sign-up (or the CLI's and the Users screen's create, through `createUser`). */
    async signup(name: string, password: string) {
      const user = await createAccountRow(name, password)
      await deps.audit.record({ action: 'user.create', target: userTarget(user.username), changes: [{ field: 'role', to: 'user' }] })
      return user
    },

    async login(name: string, password: string) {
      let refreshToken: string
      let userId: string
      try {
        const signedIn = (await auth.api.signInUsername({ body: { username: name, password } }))!
        refreshToken = signedIn.token
        userId = String(signedIn.user.id)
      } catch {
        throw new AppError('unauthorized', 'Invalid credentials')
      }
      // only after the password is right, so a disabled account's existence is not told to strangers
      if ((await findById(userId))?.disabled) {
        await service.logout(refreshToken)
        throw new AppError('forbidden', 'This account is disabled; ask an admin')
      }
      return { accessToken: await issueAccessToken(refreshToken), refreshToken }
    },

    async refresh(refreshToken: string) {
      try {
        return { accessToken: await issueAccessToken(refreshToken) }
      } catch {
        throw new AppError('unauthorized', 'Session expired or revoked; please log in again')
      }
    },

    /** Revokes the session behind the refresh token; unknown tokens are already logged out. */
    async logout(refreshToken: string) {
      try {
        await auth.api.signOut({ headers: bearer(refreshToken) })
      } catch {
        // nothing to revoke
      }
    },

    async verifyAccessToken(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await auth.api.verifyJWT({ body: { token } })
        if (!payload?.sub) return null
        const sid = typeof payload.sid === 'string' ? payload.sid : undefined
        return { sub: payload.sub, username: String(payload.username ?? ''), role: parseRole(payload.role), sid }
      } catch {
        return null
      }
    },

    /**
     * The account's role as the store has it now, if the token's session is still live: logging out,
     * a revocation or a demotion takes effect on the next request, not when the token expires.
     */
    async sessionRole(claims: AccessClaims): Promise<{ revoked: true; role?: undefined } | { revoked: false; role: Role | null }> {
      if (!claims.sid) return { revoked: true } // a token from before sessions were named in it
      const ctx = await context()
      const session = await ctx.adapter.findOne<{ userId: string; expiresAt: Date | string }>({ model: 'session', where: [{ field: 'id', value: claims.sid }] })
      if (!session || session.userId !== claims.sub || new Date(session.expiresAt).getTime() <= Date.now()) return { revoked: true }
      const user = await ctx.adapter.findOne<{ role?: string | null; disabled?: boolean | null }>({ model: 'user', where: [{ field: 'id', value: claims.sub }] })
      if (!user || user.disabled) return { revoked: true }
      return { revoked: false, role: parseRole(user.role ?? 'user') }
    },

    jwks() {
      return auth.api.getJwks()
    },

    async createUser(name: string, password: string, role: Role) {
      if (!parseRole(role)) throw new AppError('bad_request', `Unknown role "${role}"; use ${roles.join(', ')}`)
      const user = await createAccountRow(name, password)
      await changeAccount(null, user.id, { role })
      await deps.audit.record({ action: 'user.create', target: userTarget(user.username), changes: [{ field: 'role', to: role }] })
      return { ...user, role }
    },

    /** A demotion revokes the user's sessions, so the old role cannot be refreshed back into a token. */
    async setRole(name: string, role: Role) {
      if (!parseRole(role)) throw new AppError('bad_request', `Unknown role "${role}"; use ${roles.join(', ')}`)
      const user = await findByUsername(name)
      if (!user) throw new AppError('not_found', `No user named "${name}"`)
      await service.updateAccount(null, String(user.id), { role })
    },

    // ---------- the Users screen (admin only: GET/POST/PATCH /api/users) ----------

    /** Every account, oldest first (a site has a handful of staff; sign-ups make more, still read whole). */
    async accounts(): Promise<Account[]> {
      const ctx = await context()
      const users = await ctx.adapter.findMany<UserRow>({ model: 'user', sortBy: { field: 'createdAt', direction: 'asc' } })
      return users.map(toAccount)
    },

    async createAccount(input: { username: string; password: string; role: Role }): Promise<Account> {
      const created = await service.createUser(input.username, input.password, input.role)
      return toAccount((await findById(created.id))!)
    },

    /**
     * Changes an account's role or switches it off or on. `actorId` (the admin asking; null for the
     * CLI) may not change their own role or disable themselves; the last admin who can log in stays
     * one. A demotion or a disable revokes every session of the account, so its next request is refused.
     */
    async updateAccount(actorId: string | null, id: string, change: { role?: Role; disabled?: boolean }): Promise<Account> {
      const { before, after } = await changeAccount(actorId, id, change)
      const changes = changedFields({ role: before.role, disabled: before.disabled }, { role: after.role, disabled: after.disabled })
      if (changes.length) await deps.audit.record({ action: 'user.update', target: userTarget(after.username), changes })
      return after
    },

    /**
     * Sets a new password (the admin's, or a generated one answered once) through better-auth's hasher,
     * and revokes the account's sessions: whoever had the old password is logged out.
     */
    async resetPassword(id: string, password?: string): Promise<{ id: string; username: string; password?: string }> {
      const user = await findById(id)
      if (!user) throw notFound('No such user')
      const next = password ?? randomBytes(15).toString('base64url') // 20 characters, 120 bits
      checkPassword(next)
      const ctx = await context()
      const hash = await ctx.password.hash(next)
      const accounts = await ctx.internalAdapter.findAccounts(String(user.id))
      // an account restored without --include-secrets has no password yet: give it one
      if (accounts.some((a) => a.providerId === 'credential')) await ctx.internalAdapter.updatePassword(String(user.id), hash)
      else await ctx.internalAdapter.linkAccount({ userId: String(user.id), providerId: 'credential', accountId: String(user.id), password: hash })
      await ctx.internalAdapter.deleteUserSessions(String(user.id))
      await deps.audit.record({ action: 'user.reset-password', target: userTarget(user.username), note: 'new password set; sessions revoked' })
      return { id: String(user.id), username: user.username, ...(password ? {} : { password: next }) }
    },

    async list() {
      const ctx = await context()
      const users = await ctx.adapter.findMany<UserRow>({ model: 'user', sortBy: { field: 'createdAt', direction: 'asc' } })
      return users.map((u) => ({ username: u.username, role: parseRole(u.role ?? 'user'), disabled: Boolean(u.disabled), createdAt: u.createdAt }))
    },

    /** ADMIN_USERNAME/ADMIN_PASSWORD at every start: create the admin, or reset its password and role. */
    async ensureAdmin(name: string, password: string) {
      checkUsername(name)
      checkPassword(password)
      const existing = await findByUsername(name)
      if (!existing) return service.createUser(name, password, 'admin')
      const ctx = await context()
      await ctx.internalAdapter.updatePassword(existing.id, await ctx.password.hash(password))
      await ctx.internalAdapter.updateUser(existing.id, { role: 'admin', disabled: false }) // the way back in
      const changes = changedFields({ role: existing.role ?? 'user', disabled: Boolean((existing as { disabled?: boolean }).disabled) }, { role: 'admin', disabled: false })
      await deps.audit.record({ action: 'user.ensure-admin', target: userTarget(existing.username), changes, note: 'password set from ADMIN_PASSWORD at start' })
      return { id: existing.id, username: existing.username, role: 'admin' as Role }
    },
  }
  return service
}
export type UsersService = ReturnType<typeof createUsersService>
