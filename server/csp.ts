import { createHash } from 'node:crypto'
import type { PageRenderer } from './page-renderer.ts'

/**
 * Content-Security-Policy of the site (docs/decisions/003-csp-hashes.md). Pages allow their inline
 * scripts and styles by SHA-256 hash, computed from the rendered HTML: the render cache keeps the
 * header with the body, so the two always match (a per-request nonce would be frozen into the cache).
 */

/** Outside origins pages may use, by directive. */
export type CspSources = { script?: readonly string[]; connect?: readonly string[]; img?: readonly string[] }

/**
 * The one place to let pages use another origin, by the feature that needs it. Each feature's
 * scripts load only after the visitor's consent (components/consent.ts); its origins are in the
 * policy only when the feature is configured (`thirdPartySources`).
 */
export const THIRD_PARTY_SOURCES = {
  // Google Analytics 4 through gtag.js (GA_MEASUREMENT_ID): Google's CSP guide for GA4 lists these;
  // images need nothing here (img-src already allows https:).
  googleAnalytics: {
    script: ['https://www.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  },
} satisfies Record<string, CspSources>

/** The outside origins of the features this configuration turns on; none by default. */
export function thirdPartySources(config: { gaMeasurementId?: string }): CspSources {
  return config.gaMeasurementId ? THIRD_PARTY_SOURCES.googleAnalytics : {}
}

export type PageCspOptions = {
  /** `sha256-…` of each inline executable script (see `inlineHashes`) */
  scriptHashes?: readonly string[]
  /** `sha256-…` of each inline `<style>` element */
  styleHashes?: readonly string[]
  /** Vite's dev server: its HMR websocket (its own port) and the `<style>` elements it injects for CSS updates */
  dev?: boolean
  thirdParty?: CspSources
}

/** For answers that are not pages (JSON, assets): nothing may load or run, nothing may frame them. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'"

// a source with a space, ';' or ',' would smuggle in another source or directive
const SOURCE = /^[^\s;,]+$/

/** The policy of an HTML page. */
export function pageCsp(opts: PageCspOptions = {}): string {
  const extra = opts.thirdParty ?? {}
  const quoted = (hashes: readonly string[] = []) => hashes.map((h) => `'${h}'`)
  const directives: [string, readonly string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...quoted(opts.scriptHashes), ...(extra.script ?? [])]],
    // no style attributes in the app's markup; a hash would disable 'unsafe-inline', so dev gets none
    ['style-src', ["'self'", ...(opts.dev ? ["'unsafe-inline'"] : quoted(opts.styleHashes))]],
    // brand logos and post images come from any https CDN; data: and blob: are the admin's upload previews
    ['img-src', ["'self'", 'https:', 'data:', 'blob:', ...(extra.img ?? [])]],
    ['connect-src', ["'self'", ...(opts.dev ? ['ws:', 'wss:'] : []), ...(extra.connect ?? [])]],
    ['font-src', ["'self'"]],
    ['object-src', ["'none'"]],
    // the site embeds no frames: none may load, and srcdoc frames cannot run script ('sandbox'-less frames would)
    ['frame-src', ["'none'"]],
    ['child-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ]
  return directives
    .map(([name, sources]) => {
      const bad = sources.find((s) => !SOURCE.test(s))
      if (bad !== undefined) throw new Error(`CSP ${name}: malformed source ${JSON.stringify(bad)}`)
      return `${name} ${[...new Set(sources)].join(' ')}`
    })
    .join('; ')
}

// Per the HTML spec, a <script> whose type is not one of these is a data block: never executed, needs no hash.
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'importmap',
  'speculationrules',
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
])

// attributes may hold '>' inside quotes; the element's text runs to the first closing tag, as in the parser
const ELEMENT = /<(script|style)\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/\1\s*>/gi
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g

/** An element's attributes by lower-case name; the first of a repeated name wins, as in the parser. */
function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>()
  for (const [, name, a, b, c] of source.matchAll(ATTRIBUTE)) {
    const key = name!.toLowerCase()
    if (!found.has(key)) found.set(key, a ?? b ?? c ?? '')
  }
  return found
}

/** `sha256-<base64>` of a text as the browser hashes it: after the HTML parser turned CR LF and CR into LF. */
export function sha256Source(text: string): string {
  return `sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}`
}

/**
 * Pages repeat the same script elements and inline styles render after render: each text is hashed once,
 * kept among the last `KEPT` texts of at most `KEPT_CHARS` characters each (a longer one is hashed every
 * time), and so are each element's attributes (read by pattern, 2 % of an uncached render) and each policy
 * built from the hashes.
 */
const KEPT = 500
const KEPT_CHARS = 16_384
const hashes = new Map<string, string>()
function kept<V>(map: Map<string, V>, key: string, make: () => V): V {
  let v = map.get(key)
  if (v === undefined) {
    v = make()
    if (key.length <= KEPT_CHARS) {
      if (map.size >= KEPT) map.delete(map.keys().next().value!)
      map.set(key, v)
    }
  }
  return v
}
const hashOf = (text: string) => kept(hashes, text, () => sha256Source(text))
const attributeSets = new Map<string, Map<string, string>>()

/** The hashes of a page's inline executable scripts and inline `<style>` elements (external and data-block scripts are skipped). */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  for (const [, tag, attrSource = '', text = ''] of html.matchAll(ELEMENT)) {
    if (tag!.toLowerCase() === 'style') {
      styles.add(hashOf(text))
      continue
    }
    const attrs = kept(attributeSets, attrSource, () => attributes(attrSource))
    if (attrs.has('src')) continue // the browser runs the file, not the element's text
    if (EXECUTABLE_TYPES.has((attrs.get('type') ?? '').trim().toLowerCase())) scripts.add(hashOf(text))
  }
  return { scripts: [...scripts], styles: [...styles] }
}

/**
 * A page renderer whose HTML answers carry a policy allowing exactly their own inline scripts and
 * styles. Runs before the render cache, so a cached page keeps the header that matches its body.
 */
export function withPageCsp(render: PageRenderer, opts: Pick<PageCspOptions, 'dev' | 'thirdParty'> = {}): PageRenderer {
  const policyOf = htmlCsp(opts)
  return async (req, init) => {
    const res = await render(req, init)
    if (!isHtml(res.headers.get('content-type')) || res.headers.has('content-security-policy')) return res
    const html = await res.text()
    const headers = new Headers(res.headers)
    headers.set('Content-Security-Policy', policyOf(html))
    return new Response(html, { status: res.status, statusText: res.statusText, headers })
  }
}

/** The policy of an HTML page with these options: its own inline scripts and styles allowed by hash, one policy string kept per set of hashes. */
export function htmlCsp(opts: Pick<PageCspOptions, 'dev' | 'thirdParty'> = {}): (html: string) => string {
  const policies = new Map<string, string>()
  return (html) => {
    const { scripts, styles } = inlineHashes(html)
    return kept(policies, `${scripts.join(' ')}|${styles.join(' ')}`, () => pageCsp({ ...opts, scriptHashes: scripts, styleHashes: styles }))
  }
}

export const isHtml = (contentType: string | null | undefined) => Boolean(contentType && /^\s*text\/html\b/i.test(contentType))
