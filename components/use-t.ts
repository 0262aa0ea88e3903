import { usePageContext } from 'vike-react/usePageContext'
import { SITE_LOCALE } from '../lib/site-locale.ts'
import { type Translate, translator } from '../lib/i18n/index.ts'
import { marketLanguageFromMeta } from './market-path.ts'

/**
 * The page's language: its market's (`de-DE` under /de), the same on the server (the request's market)
 * and in the browser (the markets <meta>), so hydration agrees; British English outside a market (and in component tests).
 */
export function useLocale(): string {
  const pc = usePageContext() as { market?: { language: string }; marketPrefix?: string } | undefined
  const language = pc?.market?.language || (pc?.marketPrefix && marketLanguageFromMeta(pc.marketPrefix)) || 'en'
  // the default market says only "en": its days and amounts are written as they always were (en-GB)
  return language === 'en' ? SITE_LOCALE : language
}

/** The page's words: `t('offers.play')`, `t('archive.articles', { count })` (lib/i18n/en.ts lists them). */
export function useT(): Translate {
  return translator(useLocale())
}

/** What editors write brands, author profiles and info pages in: they carry no language of their own (articles do, by their market). */
export const CONTENT_LANGUAGE = 'en'

/**
 * `lang` for an editor's brand or info-page text on this page: `en` on a page in another language (WCAG
 * 3.1.2: a screen reader reads it as English, and the German edition's test knows it is content, not the
 * site's words), nothing on an English page.
 */
export function useContentLang(): string | undefined {
  return useLocale().split('-')[0] === CONTENT_LANGUAGE ? undefined : CONTENT_LANGUAGE
}
