import type { PageSeo } from '../lib/seo.ts'
import { SITE_NAME } from '../lib/site.ts'
import { serializeJsonLd } from '../lib/json-ld.ts'

/**
 * The head tags vike-react does not emit: canonical, og:url, og:type, og:site_name, robots, article
 * times and JSON-LD. Title, description, og:title, og:description, og:image, twitter:card and
 * viewport come from vike-react's own settings (+title, +description, +image, viewport), once each.
 * X reads og:title, og:description and og:image when its own twitter:* tags are absent.
 * Rendered only on the server (vike-react's Head), so nothing here ships to the browser.
 */
export function SeoHead({ canonical, seo }: { canonical: string; seo: PageSeo }) {
  return (
    <>
      <link rel="canonical" href={canonical} />
      {seo.robots && <meta name="robots" content={seo.robots} />}
      <meta property="og:url" content={canonical} />
      <meta property="og:type" content={seo.type ?? 'website'} />
      <meta property="og:site_name" content={SITE_NAME} />
      {(seo.alternates ?? []).map((a) => (
        <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
      ))}
      {seo.article && <meta property="article:published_time" content={seo.article.publishedTime} />}
      {seo.article && <meta property="article:modified_time" content={seo.article.modifiedTime} />}
      {(seo.jsonLd ?? []).map((data, i) =>
        // a data block, never executed: the CSP needs no hash for it (server/csp.ts)
        data ? <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} /> : null,
      )}
    </>
  )
}
