/**
 * Which picture a page shares as og:image. Facebook, X and LinkedIn render PNG, JPEG and WebP but not
 * SVG, so an SVG (or no image) never reaches the head: demo SVGs have raster renditions beside them,
 * everything else SVG falls back to the site's default card. Both are written by
 * scripts/make-demo-images.ts.
 */

export const SOCIAL_IMAGE_WIDTH = 1200
export const SOCIAL_IMAGE_HEIGHT = 630

/** 1200×630 JPEG: the site's card for pages whose own image cannot be shared. */
export const DEFAULT_SOCIAL_IMAGE = '/social-default.jpg'
/** Raster square logo for structured data (publisher and Organization logos). */
export const SITE_LOGO_PNG = '/logo.png'

const DEMO = /^\/demo\/(.+)\.svg$/

/** `/demo/rtp.svg` → `/demo/social/rtp.jpg`: every SVG under public/demo/ has this 1200×630 rendition. */
export function demoSocialImagePath(svgPath: string): string | null {
  const m = DEMO.exec(svgPath)
  return m && !m[1].startsWith('social/') ? `/demo/social/${m[1]}.jpg` : null
}

function pathOf(url: string): string {
  if (url.startsWith('/')) return url.split(/[?#]/)[0]
  try {
    return new URL(url).pathname
  } catch {
    return ''
  }
}

/**
 * A shareable raster image for a post's or brand's image URL (a site path or an http(s) URL): itself
 * unless it is an SVG (by extension or data URL), the demo rendition for a demo SVG, else the default.
 * Uploads (/media/…) are raster by construction: the media store refuses SVG.
 */
export function socialImagePath(image: string | null | undefined): string {
  const url = (image ?? '').trim()
  if (!url || /^data:/i.test(url)) return DEFAULT_SOCIAL_IMAGE
  const path = pathOf(url)
  if (!/\.svgz?$/i.test(path)) return url.startsWith('/') || /^https?:\/\//i.test(url) ? url : DEFAULT_SOCIAL_IMAGE
  if (url.startsWith('/')) return demoSocialImagePath(path) ?? DEFAULT_SOCIAL_IMAGE
  return DEFAULT_SOCIAL_IMAGE
}

/** An absolute URL on the site for a path; http(s) URLs pass through. */
export function absoluteUrl(pathOrUrl: string, siteUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : new URL(pathOrUrl, `${siteUrl}/`).toString()
}
