/**
 * The shape of schema.org JSON-LD and its text in a page: what the page head (lib/seo.ts, its `PageSeo`
 * and components/SeoHead.tsx) and the builders (lib/structured-data.ts) share, in a module of its own
 * so that neither imports the other for it.
 */
export type JsonLd = { '@context'?: 'https://schema.org'; '@type': string; [key: string]: unknown }

/**
 * The text of a `<script type="application/ld+json">`: JSON with `<`, `>` and `&` escaped, so no value
 * (a title holding `</script>` or `<!--`) can end the element early; U+2028/2029 escaped for old parsers.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
