import type { CreateClickBody } from '../../lib/schemas.ts'
import { requestMeta } from '../request-meta.ts'
import { AppError } from '../errors.ts'
import { createRouter, rule } from '../router.ts'

export const CLICK_BODY_LIMIT = 16 * 1024

export function clicksRouter() {
  const app = createRouter()

  // POST /api/clicks – record a click-through (spec §7, step 5)
  app.post(
    '/',
    rule({ access: 'public', cache: 'no-store', bodyLimit: CLICK_BODY_LIMIT }),
    // parsed once, by the service (its zod errors answer 400 through app.onError)
    async (c) => {
      // A cross-site page can POST text/plain without asking (a "simple" request); JSON needs a CORS
      // preflight we never grant. So only JSON is read, and browsers' own cross-site marker is refused.
      if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return c.json({ message: 'Send the click as application/json', code: 'unsupported_media_type' }, 415)
      if (c.req.header('sec-fetch-site') === 'cross-site') return c.json({ message: 'Clicks are recorded from this site only', code: 'forbidden' }, 403)
      let body: unknown
      try {
        body = await c.req.json()
      } catch {
        throw new AppError('bad_request', 'Malformed JSON in request body')
      }
      return c.json(await c.var.services.clicks.record(body as CreateClickBody, requestMeta(c)), 201)
    },
  )

  return app
}
