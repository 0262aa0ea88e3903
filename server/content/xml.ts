/**
 * The little XML the site writes (sitemaps, the RSS feed), by hand: text escaped once, here, and
 * dates in the two formats those specs ask for.
 */

// XML 1.0 cannot carry these even escaped (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF);
// C1 controls are allowed but "discouraged" and never meant in a title: dropped too.
const NOT_XML_TEXT = /[^\t\n\r\u0020-\u007E\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/**
 * Text for an element or a quoted attribute: markup characters as entities (so `]]>` and any HTML in a
 * description stay text), characters XML cannot hold removed. Emoji and other astral characters pass.
 */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_TEXT, '').replace(/[&<>"']/g, (ch) => ENTITIES[ch]!)
}

/** A moment as `Date`, or undefined for anything that is not one (a missing or malformed stored date). */
function parseDate(value: string | Date | undefined): Date | undefined {
  if (value === undefined || value === '') return undefined
  const d = value instanceof Date ? value : new Date(value)
  const year = d.getUTCFullYear()
  return Number.isNaN(d.getTime()) || year < 1000 || year > 9999 ? undefined : d
}

/** W3C Datetime (sitemaps' `lastmod`) to the second, in UTC: `2026-11-22T07:30:30Z`. */
export function w3cDatetime(value: string | Date | undefined): string | undefined {
  return parseDate(value)?.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** RFC 822 date (RSS 2.0's `pubDate`, with the four-digit year RFC 1123 allows): `Sun, 22 Nov 2026 07:30:30 GMT`. */
export function rfc822Date(value: string | Date | undefined): string | undefined {
  return parseDate(value)?.toUTCString()
}

/** `<name>text</name>`, or nothing when there is no text. */
export function element(name: string, text: string | undefined): string {
  return text === undefined || text === '' ? '' : `<${name}>${escapeXml(text)}</${name}>`
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
