import type { BrandsRepository } from '../../db/repositories/brands.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import type { Logger } from '../logger.ts'
import { type Actor, type AuditService, runAs } from '../operations/audit.ts'
import type { RevisionsService } from './revisions.ts'

/** Who publishes a scheduled item, in the audit log and its revision. */
export const SCHEDULER_ACTOR: Actor = { actor: 'scheduler', actorId: null, role: null, via: 'system', ip: null }

/**
 * Scheduled publishing (issue 13; docs/decisions/013-drafts-and-revisions.md). Every server process
 * looks for due items every PUBLISH_CHECK_MS and claims each one with a conditional update in the
 * store, so however many processes look, each item is published once, by one of them, and audited and
 * revised once. That process's content-version bump clears every process's render cache (pages, sitemap
 * and feeds included) within a second: no restart, no editor's request.
 */
export function createScheduler(deps: {
  posts: PostsRepository
  brands: BrandsRepository
  audit: AuditService
  revisions: RevisionsService
  now: () => Date
  onChange: () => void
  log: Logger
}) {
  let running: Promise<number> | null = null

  async function publishDue(): Promise<number> {
    const now = deps.now()
    const [posts, brands] = await Promise.all([deps.posts.publishDue(now), deps.brands.publishDue(now)])
    if (!posts.length && !brands.length) return 0
    deps.onChange()
    await runAs(SCHEDULER_ACTOR, async () => {
      for (const p of posts) {
        await deps.audit.record({ action: 'post.publish', target: `post:${p._id}`, changes: [{ field: 'status', from: 'scheduled', to: 'published' }] })
        await deps.revisions.keep('post', p._id, p, 'publish')
      }
      for (const b of brands) {
        await deps.audit.record({ action: 'brand.publish', target: `brand:${b._id}`, changes: [{ field: 'status', from: 'scheduled', to: 'published' }] })
        await deps.revisions.keep('brand', b._id, b, 'publish')
      }
    })
    deps.log.info({ posts: posts.map((p) => p._id), brands: brands.map((b) => b._id) }, 'published scheduled items')
    return posts.length + brands.length
  }

  return {
    /** Publishes what is due now; answers how many items this call published (one run at a time). */
    publishDue(): Promise<number> {
      running ??= publishDue().finally(() => {
        running = null
      })
      return running
    },

    /** Checks every `intervalMs` until stopped; never keeps the process alive. */
    start(intervalMs: number): () => void {
      const tick = () => this.publishDue().catch((err) => deps.log.error({ err }, 'scheduled publishing failed; trying again at the next check'))
      void tick()
      const timer = setInterval(tick, intervalMs)
      timer.unref?.()
      return () => clearInterval(timer)
    },
  }
}
export type Scheduler = ReturnType<typeof createScheduler>
