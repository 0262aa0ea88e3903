import { useEffect } from 'react'

/**
 * Counts a person's view of a page and of the offer slots they saw (components/page-view-watch.ts). The
 * watcher is loaded once the page shows, not with every page's first script: nothing of it is needed
 * before then. A page left before it arrived still has its view reported.
 */
export function usePageViewBeacon(pathname: string, notFound: boolean, marketPrefix = '') {
  useEffect(() => {
    let stop: (() => void) | undefined
    let left = false
    import('./page-view-watch.ts')
      .then(({ watchPageView }) => {
        stop = watchPageView(pathname, notFound, marketPrefix)
        if (left) stop()
      })
      .catch(() => {}) // offline, or a deploy replaced the chunk: the view goes uncounted
    return () => {
      left = true
      stop?.()
    }
  }, [pathname, notFound, marketPrefix])
}
