import { usePageContext } from 'vike-react/usePageContext'

export const SITE_URL_META = 'site-url'

/**
 * The site's public origin (SITE_URL). The server knows it from config; the browser reads it from a
 * <meta> the server rendered — not from passToClient, which would make Vike fetch pageContext.json
 * on every client navigation.
 */
export function useSiteUrl(): string {
  const pageContext = usePageContext()
  if (pageContext.siteUrl) return pageContext.siteUrl
  return document.querySelector<HTMLMetaElement>(`meta[name="${SITE_URL_META}"]`)?.content ?? window.location.origin
}
