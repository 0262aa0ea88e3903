import type { Registry } from '../../db/registry.ts'
import type { Content } from '../content/index.ts'
import type { Media } from '../media/index.ts'
import type { MarketsService } from '../markets/service.ts'
import type { Wiring } from '../wiring.ts'
import { createBackupService } from './backup.ts'
import { createSeedService } from './seed.ts'
import { createTransferService } from './transfer.ts'

/**
 * Operations, wired once (docs/operations.md, docs/cli.md): backups and restores of the whole store,
 * content import and export, the demo seed, periodic maintenance and the readiness check. The audit log
 * (./audit.ts) is the one service every capability writes to; server/context.ts makes it first.
 */
export function createOperations(w: Wiring, deps: { registry: Registry; markets: MarketsService; content: Content; media: Media; pruneLog: () => Promise<number> }) {
  const { repos, store, audit, now, onChange } = w
  return {
    backup: createBackupService({ store, registry: deps.registry, audit, onChange }),
    transfer: createTransferService({
      store,
      posts: repos.posts,
      brands: repos.brands,
      authors: repos.authors,
      markets: repos.markets,
      revisions: repos.revisions,
      media: repos.media,
      audit,
      newId: w.newId,
      now,
      onChange,
      marketsChanged: () => deps.markets.load(),
    }),
    seed: createSeedService({ posts: repos.posts, brands: repos.brands, authors: repos.authors, markets: deps.markets, infoPages: deps.content.infoPages, media: deps.media.media, audit, now, onChange }),
    maintenance: {
      /**
       * Drops what the collections' declared expiry ends (limit counters and claims; MongoDB's TTL indexes do it by themselves),
       * old postback log entries, and posts 30 days in the Trash (with their revisions and old addresses: no TTL index knows those).
       */
      async run() {
        return { expired: await deps.registry.pruneExpired(now()), postbackLog: await deps.pruneLog(), trash: await deps.content.postTrash.purgeExpired() }
      },
    },
    health: {
      /** A read that needs the store to answer (readiness). */
      checkStore: () => repos.settings.contentVersion(),
    },
  }
}
