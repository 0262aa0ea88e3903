import { clientIp } from '../client-ip.ts'
import { createRouter, rule } from '../router.ts'

export function postbackRouter() {
  const app = createRouter()

  // GET|POST /api/postback – a network reports a conversion for one of our clicks
  app.on(['GET', 'POST'], '/', rule({ access: 'public', cache: 'no-store', bodyLimit: 16 * 1024 }), async (c) => {
    const params: Record<string, string> = { ...c.req.query() }
    if (c.req.method === 'POST') {
      const type = c.req.header('content-type') ?? ''
      try {
        if (type.includes('application/json')) {
          const body = await c.req.json()
          if (body && typeof body === 'object' && !Array.isArray(body)) for (const [k, v] of Object.entries(body)) params[k] = String(v)
          else return c.json({ message: 'Postback body must be a JSON object' }, 400)
        } else if (type.includes('form')) {
          for (const [k, v] of Object.entries(await c.req.parseBody())) if (typeof v === 'string') params[k] = v
        }
      } catch {
        return c.json({ message: 'Malformed postback body' }, 400)
      }
    }
    const { status, body } = await c.var.services.postbacks.handle(params, { ip: clientIp(c) })
    if (status === 429) c.header('Retry-After', String(body.retryAfter))
    return c.json(body, status)
  })

  return app
}
