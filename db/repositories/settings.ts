import { randomBytes } from 'node:crypto'
import { defineCollection, ensureCollection } from '../collections.ts'
import type { Store } from '../port.ts'
import type { Registry } from '../registry.ts'

type Setting = { _id: string; value: unknown }

const SETTINGS = defineCollection({
  name: 'settings',
  backup: 'skip',
  reason: "per installation: the generated auth secret (AUTH_SECRET replaces it; the sessions and keys it protects are not backed up either) and the render cache's content version",
})

/** Small per-installation values: the generated auth secret and the content version. */
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
