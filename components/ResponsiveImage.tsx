import { responsiveImage } from '../lib/images.ts'

export type ResponsiveImageProps = {
  src: string
  alt: string
  /** The box the layout gives the image when its own size is unknown (outside URLs, SVGs, old uploads). */
  width: number
  height: number
  /** How wide the image is drawn, for the browser to choose a rendition: a `sizes` attribute. */
  sizes: string
  /** The page's largest image above the fold (LCP): fetched first, never lazily. */
  priority?: boolean
  className?: string
}

/**
 * One image, as well as its source allows: an upload with renditions becomes a <picture> with AVIF
 * and WebP `srcset`s and its own width/height (no layout shift); anything else a plain <img> in the
 * given box. Below the fold it loads lazily; the LCP image gets fetchpriority="high" instead.
 */
export function ResponsiveImage({ src, alt, width, height, sizes, priority = false, className }: ResponsiveImageProps) {
  const info = responsiveImage(src)
  const img = (
    <img
      className={className}
      src={src}
      alt={alt}
      width={info?.width ?? width}
      height={info?.height ?? height}
      {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
    />
  )
  if (!info?.sources.length) return img
  return (
    <picture>
      {info.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  )
}
