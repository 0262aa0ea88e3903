import * as z from 'zod'
import type { RevisionKind } from '../../lib/revisions.ts'
import { type createRouter, rule } from '../router.ts'
import type { Services } from '../context.ts'
import { validate } from '../validate.ts'

const revisionId = z.string().min(1).max(100).regex(/^[a-f0-9]+$/, 'is not a revision id')
const diffQuery = z.object({ from: revisionId, to: revisionId })
const revisionParam = z.object({ revisionId })

/**
 * An item's revisions (issue 13), on the posts and brands routers: `/:id/revisions…`. Reading and
 * restoring need an editor; a revision of another item, or of a deleted one, is 404.
 */
export function revisionRoutes(app: ReturnType<typeof createRouter>, kind: RevisionKind, restore: (services: Services, id: string, revisionId: string) => Promise<unknown>) {
  const editors = rule({ access: 'editor' })
  const exists = async (services: Services, id: string) => {
    // the item's own 404 ("Post not found") before the revisions' (the item may have been deleted)
    if (kind === 'post') await services.posts.get(id)
    else await services.brandAdmin.get(id)
  }

  // GET /:id/revisions – newest first: id, time, actor, action, title
  app.get('/:id/revisions', editors, async (c) => {
    const id = c.req.param('id')
    await exists(c.var.services, id)
    return c.json({ revisions: await c.var.services.revisions.list(kind, id), keep: c.var.services.revisions.keepCount })
  })

  // GET /:id/revisions/diff?from&to – what changed, field by field, from one revision to another
  app.get('/:id/revisions/diff', editors, validate('query', diffQuery), async (c) => {
    const { from, to } = c.req.valid('query')
    return c.json(await c.var.services.revisions.diff(kind, c.req.param('id'), from, to))
  })

  // GET /:id/revisions/:revisionId – one revision with its whole record
  app.get('/:id/revisions/:revisionId', editors, validate('param', revisionParam.extend({ id: z.string() })), async (c) =>
    c.json(await c.var.services.revisions.get(kind, c.req.param('id'), c.req.valid('param').revisionId)),
  )

  // POST /:id/revisions/:revisionId/restore – the revision's fields saved again (a new revision)
  app.post('/:id/revisions/:revisionId/restore', editors, validate('param', revisionParam.extend({ id: z.string() })), async (c) =>
    c.json(await restore(c.var.services, c.req.param('id'), c.req.valid('param').revisionId)),
  )
}
