/** Canonical, Open Graph and Twitter card tags for a page (issue 2). Values are text, escaped by React. */
export function SeoHead({ url, title, description, image, type = 'website' }: { url: string; title: string; description: string; image?: string; type?: string }) {
  const origin = new URL(url).origin
  const img = image ? new URL(image, origin).toString() : undefined
  return (
    <>
      <link rel="canonical" href={url} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content="GameWise" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {img && <meta property="og:image" content={img} />}
      <meta name="twitter:card" content={img ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {img && <meta name="twitter:image" content={img} />}
    </>
  )
}
