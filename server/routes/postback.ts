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
      for (const [k, v] of Object.entries(body)) params[k] = String(v)
    }
    const { status, body } = await c.var.services.postbacks.handle(params, { ip: clientIp(c) })
    if (status === 429) c.header('Retry-After', String(body.retryAfter))
    return c.json(body, status)
  })

  return app
}
