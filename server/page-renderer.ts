import type { VisitorCountry } from '../lib/geo.ts'
import type { Market } from '../lib/markets.ts'

/**
 * What a page renders from besides its URL (Vike's pageContextInit). `errorPageCountry`: the visitor's
 * country on every request, for the 404 page's offers only; an error page is never cached
 * (server/vike-renderer.ts), so no visitor's country is frozen into another's answer.
 */
export type PageInit = {
  visitorCountry: VisitorCountry
  errorPageCountry?: VisitorCountry
  preview?: boolean
  /** the market of the path, its prefix ('' for the default market) and every market's prefix */
  market?: Market
  marketPrefix?: string
  marketPrefixes?: readonly string[]
}

/** Renders a page for a URL; Vike's renderPage in production and dev, absent in API-only tests. */
export type PageRenderer = (req: Request, init?: PageInit) => Promise<Response>
