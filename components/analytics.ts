import { useEffect } from 'react'

/** spec §2: every route change fires page_view with path plus query, only when the analytics function exists. */
export function usePageView(pathWithQuery: string) {
  useEffect(() => {
    if (typeof window.gtag === 'function') window.gtag('event', 'page_view', { page_path: pathWithQuery })
  }, [pathWithQuery])
}
