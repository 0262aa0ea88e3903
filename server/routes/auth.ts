import * as z from 'zod'
import { clientIp } from '../client-ip.ts'
import { createRouter, rule } from '../router.ts'
import { createRateLimiter, type RateLimiter } from '../rate-limit.ts'
import { validate } from '../validate.ts'

// Long enough for any real credential, short enough that nothing huge reaches the hasher.
const credentials = z.strictObject({
  username: z.string().trim().min(1, 'Username is required').max(256, 'Username is too long'),
  password: z.string().min(1, 'Password is required').max(256, 'Password is too long'),
})
const refreshBody = z.strictObject({ refreshToken: z.string().min(1, 'refreshToken is required').max(512) })

export const LOGIN_LIMIT = { limit: 10, windowMs: 15 * 60_000 }

export function authRouter(limiter: RateLimiter = createRateLimiter(LOGIN_LIMIT)) {
  const app = createRouter()
  // credentials and tokens: small bodies, never stored by a cache
  const open = rule({ access: 'public', cache: 'no-store', bodyLimit: 4 * 1024 })

  // POST /api/auth/login – username + password → access token (JWT) and refresh token (session)
  app.post('/login', open, validate('json', credentials), async (c) => {
    const { username, password } = c.req.valid('json')
    const keys = [`ip:${clientIp(c)}`, `user:${username.toLowerCase()}`]
    const wait = Math.max(...keys.map((k) => limiter.retryAfter(k)))
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      return c.json({ message: `Too many login attempts. Try again in ${Math.ceil(wait / 60)} minutes.` }, 429)
    }
    try {
      const tokens = await c.var.services.users.login(username, password)
      limiter.reset(keys[1])
      return c.json(tokens)
    } catch (err) {
      for (const k of keys) limiter.hit(k)
      throw err
    }
  })

  // POST /api/auth/refresh-token – a live session's refresh token → a new access token
  app.post('/refresh-token', open, validate('json', refreshBody), async (c) =>
    c.json(await c.var.services.users.refresh(c.req.valid('json').refreshToken)),
  )

  // POST /api/auth/signup – open sign-up; creates a `user`, who can log in but not write
  app.post('/signup', open, validate('json', credentials), async (c) => {
    const { username, password } = c.req.valid('json')
    const user = await c.var.services.users.signup(username, password)
    return c.json({ ok: true, username: user.username }, 201)
  })

  // POST /api/auth/logout – revokes the refresh token's session on the server
  app.post('/logout', open, validate('json', refreshBody), async (c) => {
    await c.var.services.users.logout(c.req.valid('json').refreshToken)
    return c.json({ ok: true })
  })

  // GET /api/auth/jwks – public keys, so other services can verify access tokens
  app.get('/jwks', rule({ access: 'public', cache: 'public' }), async (c) => c.json(await c.var.services.users.jwks()))

  return app
}
