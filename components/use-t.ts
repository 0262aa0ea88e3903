import { usePageContext } from 'vike-react/usePageContext'
import { type Translate, translator } from '../lib/i18n/index.ts'
import { marketLanguageFromMeta } from './market-path.ts'

/**
 * The page's language: its market's (`de-DE` under /de), the same on the server (the request's market)
 * and in the browser (the markets <meta>), so hydration agrees; English outside a page (component tests).
 */
export function useLocale(): string {
  const pc = usePageContext() as { market?: { language: string }; marketPrefix?: string } | undefined
  if (pc?.market) return pc.market.language
  return (pc?.marketPrefix && marketLanguageFromMeta(pc.marketPrefix)) || 'en'
}

/** The page's words: `t('offers.play')`, `t('archive.articles', { count })` (lib/i18n/en.ts lists them). */
export function useT(): Translate {
  return translator(useLocale())
}
