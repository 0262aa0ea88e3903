import * as z from 'zod'
import { clientIp } from '../client-ip.ts'
import { AppError } from '../errors.ts'
import { createRouter, rule } from '../router.ts'
import { validate } from '../validate.ts'
import { clearSessionCookies, refreshCookieOf, setSessionCookies } from './auth-cookie.ts'

// Long enough for any real credential, short enough that nothing huge reaches the hasher.
const credentials = z.strictObject({
  username: z.string().trim().min(1, 'Username is required').max(256, 'Username is too long'),
  password: z.string().min(1, 'Password is required').max(256, 'Password is too long'),
})
// the spec's body, or nothing: a browser's refresh token is its session cookie (./auth-cookie.ts)
const refreshBody = z.strictObject({ refreshToken: z.string().min(1, 'refreshToken is required').max(512).optional() })

const MIN = 60_000

/**
 * Failed logins (spec'd at 10 per 15 minutes). Counted per address and name, so an attacker who
 * locks a name from their address does not lock its owner out elsewhere; per address, so one machine
 * cannot try many names; and per name from everywhere, far higher, against a spread-out attack.
 */
export const LOGIN_LIMITS = {
  addressAndName: { limit: 10, windowMs: 15 * MIN },
  address: { limit: 50, windowMs: 15 * MIN },
  name: { limit: 100, windowMs: 15 * MIN },
}

const tooMany = (wait: number, what: string) => ({ message: `Too many ${what}. Try again in ${Math.ceil(wait / 60)} minutes.`, code: 'rate_limited' })

export function authRouter() {
  const app = createRouter()
  // credentials and tokens: small bodies, never stored by a cache
  const open = rule({ access: 'public', cache: 'no-store', bodyLimit: 4 * 1024 })

  // POST /api/auth/login – username + password → access token (JWT) and refresh token (session)
  app.post('/login', open, validate('json', credentials), async (c) => {
    const { username, password } = c.req.valid('json')
    const { limiter, users } = c.var.services
    const ip = clientIp(c)
    const name = username.toLowerCase()
    const checks = [
      { key: `login:ip+name:${ip}:${name}`, limit: LOGIN_LIMITS.addressAndName },
      { key: `login:ip:${ip}`, limit: LOGIN_LIMITS.address },
      { key: `login:name:${name}`, limit: LOGIN_LIMITS.name },
    ]
    const wait = await limiter.take(checks)
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      return c.json(tooMany(wait, 'login attempts'), 429)
    }
    const tokens = await users.login(username, password) // a failure stays counted
    await limiter.giveBack(checks.slice(1))
    await limiter.reset(checks[0])
    // the spec's answer carries both tokens; a browser keeps the refresh token as its session cookie
    setSessionCookies(c, tokens.refreshToken)
    return c.json(tokens)
  })

  // POST /api/auth/refresh-token – a live session's refresh token (the body's, else the session cookie's) → a new access token
  app.post('/refresh-token', open, validate('json', refreshBody), async (c) => {
    const given = c.req.valid('json').refreshToken
    if (given) return c.json(await c.var.services.users.refresh(given))
    const fromCookie = refreshCookieOf(c)
    try {
      if (!fromCookie) throw new AppError('unauthorized', 'Not signed in: no refresh token and no session cookie')
      return c.json(await c.var.services.users.refresh(fromCookie))
    } catch (err) {
      clearSessionCookies(c) // a dead session's cookies go with it, so the next page does not ask again
      throw err
    }
  })

  // POST /api/auth/signup – open sign-up; creates a `user`, who can log in but not write
  app.post('/signup', open, validate('json', credentials), async (c) => {
    const { username, password } = c.req.valid('json')
    const perHour = c.var.config.signupLimitPerHour
    const wait = await c.var.services.limiter.take([{ key: `signup:ip:${clientIp(c)}`, limit: { limit: perHour, windowMs: 60 * MIN } }])
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      return c.json(tooMany(wait, 'sign-ups from this address'), 429)
    }
    const user = await c.var.services.users.signup(username, password)
    return c.json({ ok: true, username: user.username }, 201)
  })

  // POST /api/auth/logout – revokes the session of the refresh token given and of the session cookie, and clears the cookie
  app.post('/logout', open, validate('json', refreshBody), async (c) => {
    const given = c.req.valid('json').refreshToken
    const fromCookie = refreshCookieOf(c)
    for (const token of new Set([given, fromCookie])) if (token) await c.var.services.users.logout(token)
    clearSessionCookies(c)
    return c.json({ ok: true })
  })

  // GET /api/auth/jwks – public keys, so other services can verify access tokens
  app.get('/jwks', rule({ access: 'public', cache: 'public' }), async (c) => c.json(await c.var.services.users.jwks()))

  return app
}
