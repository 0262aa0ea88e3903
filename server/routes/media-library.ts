import * as z from 'zod'
import { MEDIA_PAGE_MAX } from '../media/service.ts'
import { createRouter, rule } from '../router.ts'
import { validate } from '../validate.ts'

const listQuery = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(MEDIA_PAGE_MAX).optional(),
  unused: z.enum(['1', 'true', '0', 'false']).optional(),
})
const idParam = z.object({ id: z.string().max(100) })

/** The media library for admins: what is stored, where each item is used, and deleting what nothing uses. */
export function mediaLibraryRouter() {
  const app = createRouter()

  // GET /api/media?cursor&limit&unused – a page of items, newest first, each with where it is used
  app.get('/', rule({ access: 'admin' }), validate('query', listQuery), async (c) => {
    const q = c.req.valid('query')
    return c.json(await c.var.services.mediaLibrary.list({ cursor: q.cursor, limit: q.limit, unused: q.unused === '1' || q.unused === 'true' }))
  })

  // DELETE /api/media/:id – removes an item with all its files; 409 while anything uses it
  app.delete('/:id', rule({ access: 'admin' }), validate('param', idParam), async (c) => c.json(await c.var.services.mediaLibrary.remove(c.req.valid('param').id)))

  return app
}
