import type { Store } from './port.ts'

/** Told of every store call once it settles: which operation, on which collection, how long, whether it failed. */
export type StoreObserver = (operation: string, collection: string, seconds: number, failed: boolean) => void

/**
 * The store with every asynchronous call timed, for metrics, on either backend: a decorator put on at
 * composition time (server/context.ts), so neither backend knows of it. It is a Proxy rather than a
 * method-by-method copy so that a method the port gains later is timed too, under its own name.
 * `collection(name).find(…)` is reported as (`find`, name); a store-level call as (its name, its first
 * argument when that is a collection name, else `*`), e.g. (`ensureIndex`, `clicks`), (`batch`, `*`).
 */
export function timeStore(store: Store, observe: StoreObserver): Store {
  const collections = new Map<string, unknown>()
  return wrap(store, (args) => (typeof args[0] === 'string' ? args[0] : '*'), observe, (name: string) => {
    let c = collections.get(name)
    if (!c) collections.set(name, (c = wrap(store.collection(name), () => name, observe)))
    return c
  })
}

function wrap<T extends object>(
  target: T,
  collectionOf: (args: unknown[]) => string,
  observe: StoreObserver,
  collection?: (name: string) => unknown,
): T {
  const timed = new Map<PropertyKey, unknown>()
  return new Proxy(target, {
    get(t, prop) {
      if (prop === 'collection' && collection) return collection
      // read and call on the target itself: a backend's private fields do not resolve through a Proxy
      const value = Reflect.get(t, prop)
      if (typeof value !== 'function' || typeof prop !== 'string') return value
      let fn = timed.get(prop)
      if (!fn) {
        fn = (...args: unknown[]) => {
          const start = performance.now()
          const result = value.apply(t, args)
          if (!(result instanceof Promise)) return result
          const name = collectionOf(args)
          return result.then(
            (v) => {
              observe(prop, name, (performance.now() - start) / 1000, false)
              return v
            },
            (err) => {
              observe(prop, name, (performance.now() - start) / 1000, true)
              throw err
            },
          )
        }
        timed.set(prop, fn)
      }
      return fn
    },
  })
}
