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

/** Keys whose values are addresses of pages (schema.org url, item, @id, a SearchAction's urlTemplate). */
const PAGE_URL_KEYS = new Set(['url', 'item', '@id', 'urlTemplate'])
// the site's one publisher (every market's) and files: the same address in every market
const SHARED = /^\/(?:#organization$|media\/|uploads\/|assets\/|images\/|favicon|[^?#]*\.(?:png|jpe?g|webp|avif|gif|svg|ico)(?:[?#]|$))/i

/**
 * A page's JSON-LD with its same-site page addresses in the page's market (issue 34: `/ca-on`'s
 * breadcrumbs, Review `url`, author `@id`s and its SearchAction pointed at the unprefixed site, and
 * `/de`'s at pages only `/de` has). The builders (lib/structured-data.ts) write site paths; the page
 * head maps them here, once, with `local` (the market's one link builder). The publisher Organization
 * and files (logos, images) keep their one address.
 */
export function jsonLdInMarket<T>(data: T, siteUrl: string, local: (path: string) => string): T {
  const base = `${siteUrl}/`
  const walk = (x: unknown, key?: string): unknown => {
    if (typeof x === 'string') {
      if (!key || !PAGE_URL_KEYS.has(key) || !x.startsWith(base)) return x
      const path = x.slice(siteUrl.length)
      return SHARED.test(path) ? x : `${siteUrl}${local(path)}`
    }
    if (Array.isArray(x)) return x.map((v) => walk(v))
    if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v, k)]))
    return x
  }
  return walk(data) as T
}
