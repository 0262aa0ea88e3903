import * as z from 'zod'
import { roleSchema } from '../../lib/roles.ts'
import { PASSWORD } from '../accounts/auth.ts'
import { createRouter, rule } from '../router.ts'
import { validate } from '../validate.ts'

const adminOnly = rule({ access: 'admin', bodyLimit: 4 * 1024 })
const idParam = z.object({ id: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'is not a user id') })
const password = z.string().min(PASSWORD.min, `must be ${PASSWORD.min} to ${PASSWORD.max} characters`).max(PASSWORD.max, `must be ${PASSWORD.min} to ${PASSWORD.max} characters`)
const createBody = z.object({ username: z.string().max(200), password, role: roleSchema })
const updateBody = z
  .object({ role: roleSchema.optional(), disabled: z.boolean().optional() })
  .strict()
  .refine((b) => b.role !== undefined || b.disabled !== undefined, 'send role or disabled')
const passwordBody = z.object({ password: password.optional() }).strict()

/** Accounts for admins (the Users screen): everything goes through better-auth via the users service. */
export function usersRouter() {
  const app = createRouter()

  // GET /api/users – every account: id, username, role, disabled, createdAt
  app.get('/', adminOnly, async (c) => c.json({ users: await c.var.services.users.accounts() }))

  // POST /api/users – create an account with a role; 409 when the username is taken
  app.post('/', adminOnly, validate('json', createBody), async (c) => c.json(await c.var.services.users.createAccount(c.req.valid('json')), 201))

  // PATCH /api/users/:id – change the role or disable/enable; never your own role, never the last admin
  app.patch('/:id', adminOnly, validate('param', idParam), validate('json', updateBody), async (c) =>
    c.json(await c.var.services.users.updateAccount(c.var.user!.sub, c.req.valid('param').id, c.req.valid('json'))),
  )

  // POST /api/users/:id/password – set the admin's password, or generate one answered this once; logs the account out
  app.post('/:id/password', adminOnly, validate('param', idParam), validate('json', passwordBody), async (c) =>
    c.json(await c.var.services.users.resetPassword(c.req.valid('param').id, c.req.valid('json').password)),
  )

  return app
}
