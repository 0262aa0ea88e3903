import { clientIp } from '../client-ip.ts'
import { AppError } from '../errors.ts'
import { createRouter, rule } from '../router.ts'

export function postbackRouter() {
  const app = createRouter()

  // GET|POST /api/postback – a network reports a conversion for one of our clicks
  app.on(['GET', 'POST'], '/', rule({ access: 'public', cache: 'no-store', bodyLimit: 16 * 1024 }), async (c) => {
    const params: Record<string, string> = { ...c.req.query() }
    if (c.req.method === 'POST') {
      const type = c.req.header('content-type') ?? ''
      let body: unknown = {}
      try {
        if (type.includes('application/json')) body = await c.req.json()
        else if (type.includes('form')) body = Object.fromEntries(Object.entries(await c.req.parseBody()).filter(([, v]) => typeof v === 'string'))
      } catch {
        throw new AppError('bad_request', 'Malformed postback body')
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppError('bad_request', 'Postback body must be a JSON object')
      for (const [k, v] of Object.entries(body)) {
        // networks send flat parameters; a nested value is refused, never stringified (String() of a deep one overflows the stack)
        if (v !== null && typeof v === 'object') throw new AppError('bad_request', `Invalid ${k.slice(0, 40)}: postback values must be text or numbers`)
        params[k] = String(v)
      }
    }
    const { status, body } = await c.var.services.postbacks.handle(params, { ip: clientIp(c) })
    if (status === 429) c.header('Retry-After', String(body.retryAfter))
    return c.json(body, status)
  })

  return app
}
