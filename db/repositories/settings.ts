import { randomBytes } from 'node:crypto'
import { op } from '../batch.ts'
import { defineCollection, ensureCollection } from '../collections.ts'
import type { Store } from '../port.ts'
import type { Registry } from '../registry.ts'

type Setting = { _id: string; value: unknown }

const SETTINGS = defineCollection({
  name: 'settings',
  backup: 'skip',
  reason: "per installation: the generated auth secret (AUTH_SECRET replaces it; the sessions and keys it protects are not backed up either) and the render cache's content version",
})

/** The op that moves the counters' version, in the batch of a write that adds to them. */
export const countersVersionOp = () => op.update(SETTINGS.name, { _id: 'counters-version' }, { $inc: { value: 1 } }, { upsert: true })

/** Small per-installation values: the generated auth secret, the content version and the counters' version. */
export function createSettingsRepository(store: Store, registry: Registry) {
  registry.add(SETTINGS)
  const settings = store.collection<Setting>(SETTINGS.name)
  return {
    init: () => ensureCollection(store, SETTINGS),
    /** Bumped by every content write; every server's render cache compares it. */
    async contentVersion() {
      return ((await settings.findOne({ _id: 'content-version' }))?.value as number | undefined) ?? 0
    },
    async bumpContentVersion() {
      await settings.updateOne({ _id: 'content-version' }, { $inc: { value: 1 } }, { upsert: true })
    },
    /**
     * Moved by every write that changes the attribution counters (in the write's own batch: countersVersionOp),
     * so a server's cached report sums can tell another server wrote since (server/attribution/figures.ts).
     */
    async countersVersion() {
      return ((await settings.findOne({ _id: 'counters-version' }))?.value as number | undefined) ?? 0
    },
    /** Generated once per store and kept, so sessions survive restarts without AUTH_SECRET. */
    async authSecret(): Promise<string> {
      const found = await settings.findOne({ _id: 'auth-secret' })
      if (found) return found.value as string
      const value = randomBytes(32).toString('base64url')
      await settings.updateOne({ _id: 'auth-secret' }, { $setOnInsert: { value } }, { upsert: true })
      return (await settings.findOne({ _id: 'auth-secret' }))!.value as string // another process may have won the race
    },
  }
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>
