import { de } from './de.ts'
import { type Catalog, en, type MessageKey } from './en.ts'
import { formatMessage, type MessageValues } from './format-message.ts'

/**
 * The public site's message catalogs, one per language (docs/markets.md, "Languages"): a page speaks the
 * language of its market (the market's BCP 47 `language`), by its primary subtag (`de-DE`, `de-AT` → de);
 * a language without a catalog is English. Both catalogs are small enough to ship together (decision 025).
 */
export type { Catalog, MessageKey }
export type { MessageValues }

export const CATALOGS: Readonly<Record<string, Catalog>> = { en, de }

/** The catalog for a BCP 47 tag. */
export const catalogFor = (locale: string): Catalog => CATALOGS[locale.split('-')[0]!.toLowerCase()] ?? en

export type Translate = (key: MessageKey, values?: MessageValues) => string

/** `t(key, values)` in a locale: the catalog's message with its values, numbers and plurals by `Intl`. */
export function translator(locale: string): Translate {
  const catalog = catalogFor(locale)
  return (key, values) => formatMessage(locale, catalog[key], values)
}
