import { type Catalog, en, type MessageKey } from './en.ts'
import { formatMessage, type MessageValues } from './format-message.ts'

/**
 * The public site's message catalogs, one per language (docs/markets.md, "Languages"): a page speaks the
 * language of its market (the market's BCP 47 `language`) by its primary subtag (`de-DE`, `de-AT` → de);
 * a language without a catalog is English. English is the source and ships with every page; another
 * language's catalog is its own chunk, loaded before a page in that language renders: at start on the
 * server (`loadAllCatalogs`), before hydration or a client-side navigation in the browser
 * (pages/+onBeforeRenderClient.ts). Sizes: docs/decisions/025-i18n-catalogs.md.
 */
export type { Catalog, MessageKey, MessageValues }

/** Every language with a catalog, and how to load it (one chunk each: an English page never downloads German). */
const LOADERS: Readonly<Record<string, () => Promise<Catalog>>> = {
  de: () => import('./de.ts').then((m) => m.de),
}
export const LANGUAGES = ['en', ...Object.keys(LOADERS)] as const

const loaded = new Map<string, Catalog>([['en', en]])

const languageOf = (locale: string) => locale.split('-')[0]!.toLowerCase()

/** Loads the catalog a locale needs (nothing for English or a language without one). */
export async function loadCatalog(locale: string): Promise<void> {
  const lang = languageOf(locale)
  const load = LOADERS[lang]
  if (load && !loaded.has(lang)) loaded.set(lang, await load())
}

/** Every catalog, for the server (which renders every market) and tests. */
export const loadAllCatalogs = () => Promise.all(Object.keys(LOADERS).map((lang) => loadCatalog(lang)))

/** The catalog for a BCP 47 tag; English until the language's own is loaded. */
export const catalogFor = (locale: string): Catalog => loaded.get(languageOf(locale)) ?? en

export type Translate = (key: MessageKey, values?: MessageValues) => string

/** `t(key, values)` in a locale: the catalog's message with its values, numbers and plurals by `Intl`. */
export function translator(locale: string): Translate {
  const catalog = catalogFor(locale)
  return (key, values) => formatMessage(locale, catalog[key], values)
}
