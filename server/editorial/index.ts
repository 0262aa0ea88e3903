import type { Wiring } from '../wiring.ts'
import { createPreviewLinks } from './preview.ts'
import { createRevisionsService, type NameOf } from './revisions.ts'
import { createScheduler } from './scheduler.ts'

/**
 * The editors' workflow shared by posts and brand pages, wired once (docs/drafts-and-revisions.md):
 * revisions kept on every save, scheduled publishing, signed preview links. Edit versions (no silent
 * overwrite) and publishing states are functions the owning services call (./edit-versions.ts, ./publishing.ts).
 */
export function createEditorial(w: Wiring & { secret: string }) {
  const { repos, audit, now, onChange, log } = w
  // a diff names an author by their name and a translated post by its title, not by their ids
  const nameOf: NameOf = async (field, id) => (field === 'translationOf' ? ((await repos.posts.findById(id))?.title ?? null) : ((await repos.authors.findById(id))?.name ?? null))
  const revisions = createRevisionsService({ revisions: repos.revisions, keep: w.config.raw.REVISIONS_KEEP, now, log, nameOf })
  return {
    revisions,
    previewLinks: createPreviewLinks({ secret: w.secret, now }),
    scheduler: createScheduler({ posts: repos.posts, brands: repos.brands, audit, revisions, now, onChange, log }),
  }
}
export type Editorial = ReturnType<typeof createEditorial>
