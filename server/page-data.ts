/**
 * What a page's +data hook works out from content (its store reads, the offers a country sees, the market's
 * links, the review's scores, the parsed Markdown), kept once per content version: the render cache's
 * generation, which every content write (in this process at once, in others within a second) and every
 * offer's start or end moves. With the render cache off (`RENDER_CACHE_MB=0`), or for the long tail it does
 * not hold, a render is then React's and Vike's work alone (docs/scripts-and-benchmarks.md, "Uncached
 * renders"). Previews and failures (404s, redirects) are never kept.
 *
 * Bounded twice: at most `maxEntries` keys and `maxBytes` of their JSON (the size the page sends its
 * browser anyway), least recently used first out.
 */
export const DEFAULT_PAGE_DATA_ENTRIES = 500
export const DEFAULT_PAGE_DATA_BYTES = 16 * 1024 * 1024

type Slot = { value: Promise<unknown>; bytes: number }

/** Outside production a kept value is frozen, so a render that changed one (and so every later render's) throws in dev and tests. */
const FREEZE = process.env.NODE_ENV !== 'production'
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

export function createPageDataCache(opts: { generation: () => number; maxEntries?: number; maxBytes?: number }) {
  const maxEntries = opts.maxEntries ?? DEFAULT_PAGE_DATA_ENTRIES
  const maxBytes = opts.maxBytes ?? DEFAULT_PAGE_DATA_BYTES
  const slots = new Map<string, Slot>()
  let generation = opts.generation()
  let bytes = 0
  let hits = 0
  let misses = 0

  const drop = (key: string) => {
    const slot = slots.get(key)
    if (!slot) return
    slots.delete(key)
    bytes -= slot.bytes
  }
  const clearIfMoved = () => {
    const now = opts.generation()
    if (now === generation) return
    generation = now
    slots.clear()
    bytes = 0
  }

  return {
    /**
     * `make()`'s value for `key` in this content version: worked out on the first call, shared by every
     * later one until content changes. The value must be treated as read-only by its callers.
     */
    get<T>(key: string, make: () => Promise<T>): Promise<T> {
      clearIfMoved()
      const found = slots.get(key)
      if (found) {
        hits++
        slots.delete(key) // most recently used goes last
        slots.set(key, found)
        return found.value as Promise<T>
      }
      misses++
      if (maxEntries < 1) return make()
      const gen = generation
      const value = FREEZE ? make().then(deepFreeze) : make()
      const slot: Slot = { value, bytes: 0 }
      slots.set(key, slot)
      while (slots.size > maxEntries) drop(slots.keys().next().value!)
      value.then(
        (v) => {
          // a value worked out while content changed belongs to no version: not kept
          if (slots.get(key) !== slot) return
          if (gen !== opts.generation()) return drop(key)
          slot.bytes = (JSON.stringify(v) ?? '').length * 2
          bytes += slot.bytes
          if (slot.bytes > maxBytes / 8) return drop(key)
          while (bytes > maxBytes && slots.size) drop(slots.keys().next().value!)
        },
        () => {
          if (slots.get(key) === slot) drop(key)
        },
      )
      return value
    },
    get stats() {
      return { entries: slots.size, bytes, hits, misses, maxEntries, maxBytes }
    },
  }
}
export type PageDataCache = ReturnType<typeof createPageDataCache>
