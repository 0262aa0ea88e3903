import { useCallback, useEffect, useState } from 'react'

/**
 * A list screen's records: loaded on mount (`items` null while loading), `loadError` when that failed (the
 * screen offers "Try again" → `reload`), and `remove(confirmText, action)`: asks, runs the deletion, reloads;
 * a refused deletion's reason lands in `error` as `explain(err)` words it.
 */
export function useAdminList<T>(list: () => Promise<T[]>, loadFailure: string, explain: (err: unknown) => string) {
  const [items, setItems] = useState<T[] | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  // `list` is a module-level API call: the first one stands for all
  const reload = useCallback(async () => {
    setLoadError(null)
    try {
      setItems(await list())
    } catch {
      setLoadError(loadFailure)
    }
  }, [])
  useEffect(() => void reload(), [reload])
  async function remove(confirmText: string, action: () => Promise<unknown>) {
    if (!window.confirm(confirmText)) return false
    setError(null)
    try {
      await action()
      await reload()
      return true
    } catch (err) {
      setError(explain(err))
      return false
    }
  }
  return { items, loadError, error, reload, remove }
}
