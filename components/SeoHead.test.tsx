import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { post } from '../test/factories.ts'
import { article, breadcrumbList } from '../lib/structured-data.ts'
import { SeoHead } from './SeoHead.tsx'

const SITE = 'https://gamewise.example'

describe('SeoHead', () => {
  it('a title holding </script> stays inside its JSON-LD block', () => {
    const p = post('x', '</script><script>alert(1)</script>')
    const url = `${SITE}/article/x`
    const html = renderToStaticMarkup(
      <SeoHead canonical={url} seo={{ type: 'article', jsonLd: [article({ post: p, url, image: `${SITE}/a.jpg`, description: 'd', siteUrl: SITE }), null] }} />,
    )
    expect(html.match(/<script/g)).toHaveLength(1)
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]
    expect(JSON.parse(json).headline).toBe('</script><script>alert(1)</script>')
  })

  it('emits canonical, og:url, og:type, og:site_name, robots and article times once each', () => {
    const html = renderToStaticMarkup(
      <SeoHead
        canonical={`${SITE}/a`}
        seo={{ type: 'article', robots: 'noindex', article: { publishedTime: '2026-11-01T00:00:00.000Z', modifiedTime: '2026-11-02T00:00:00.000Z' }, jsonLd: [breadcrumbList(SITE, [])] }}
      />,
    )
    for (const tag of ['<link rel="canonical" href="https://gamewise.example/a"/>', '<meta property="og:url" content="https://gamewise.example/a"/>', '<meta property="og:type" content="article"/>',
      '<meta property="og:site_name" content="GameWise"/>', '<meta name="robots" content="noindex"/>', '<meta property="article:published_time" content="2026-11-01T00:00:00.000Z"/>',
      '<meta property="article:modified_time" content="2026-11-02T00:00:00.000Z"/>'])
      expect(html.split(tag)).toHaveLength(2)
    // vike-react's settings own these: never repeated here
    for (const dup of ['og:title', 'og:description', 'og:image', 'twitter:', 'viewport', '<title']) expect(html).not.toContain(dup)
  })

  it('defaults to og:type website, no robots, no article times', () => {
    const html = renderToStaticMarkup(<SeoHead canonical={`${SITE}/`} seo={{}} />)
    expect(html).toContain('<meta property="og:type" content="website"/>')
    expect(html).not.toContain('robots')
    expect(html).not.toContain('article:')
  })
})
