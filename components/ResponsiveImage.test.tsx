// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { IMAGE_SIZES } from '../lib/images.ts'
import { brandPage, card, post } from '../test/factories.ts'
import { ArticleGrid, Recommended } from './ArticleGrid.tsx'
import { ArticleView } from './ArticleView.tsx'
import { BrandPageView } from './BrandPageView.tsx'
import { HomeView } from './HomeView.tsx'
import { ResponsiveImage } from './ResponsiveImage.tsx'

const HASH = 'ab'.repeat(16)
const UPLOAD = `/media/${HASH}-2000x1000.jpg`

/** The server-rendered HTML, parsed: what a browser (and a crawler) gets before any JavaScript. */
function html(node: React.ReactElement) {
  const div = document.createElement('div')
  div.innerHTML = renderToString(node)
  return div
}
const attrs = (el: Element | null) => Object.fromEntries([...(el?.attributes ?? [])].map((a) => [a.name, a.value]))

describe('ResponsiveImage', () => {
  it('renders an upload as <picture> with AVIF then WebP srcsets, sizes, and its own width/height', () => {
    const root = html(<ResponsiveImage src={UPLOAD} alt="A green field" width={400} height={225} sizes="50vw" />)
    const sources = [...root.querySelectorAll('picture > source')].map(attrs)
    expect(sources).toEqual([
      { type: 'image/avif', srcset: `/media/${HASH}-2000x1000-480w.avif 480w, /media/${HASH}-2000x1000-960w.avif 960w, /media/${HASH}-2000x1000-1600w.avif 1600w`, sizes: '50vw' },
      { type: 'image/webp', srcset: `/media/${HASH}-2000x1000-480w.webp 480w, /media/${HASH}-2000x1000-960w.webp 960w, /media/${HASH}-2000x1000-1600w.webp 1600w`, sizes: '50vw' },
    ])
    // intrinsic size from the upload itself (not the layout's guess): the box is reserved before it loads
    expect(attrs(root.querySelector('picture > img'))).toEqual({ src: UPLOAD, alt: 'A green field', width: '2000', height: '1000', loading: 'lazy', decoding: 'async' })
  })

  it('the LCP image is fetched early: fetchpriority="high" and never lazy', () => {
    const img = attrs(html(<ResponsiveImage src={UPLOAD} alt="x" width={1} height={1} sizes="100vw" priority />).querySelector('img'))
    expect(img.fetchpriority).toBe('high')
    expect(img.loading).toBeUndefined()
    expect(img.decoding).toBeUndefined()
  })

  it('renders an outside URL, an SVG or an upload from before renditions as a plain <img> in the given box', () => {
    for (const src of ['https://cdn.example/a.jpg', '/demo/hero.svg', `/media/${HASH}.png`]) {
      const root = html(<ResponsiveImage src={src} alt="a" width={400} height={225} sizes="50vw" />)
      expect(root.querySelector('picture')).toBeNull()
      expect(attrs(root.querySelector('img'))).toEqual({ src, alt: 'a', width: '400', height: '225', loading: 'lazy', decoding: 'async' })
    }
  })

  it('a GIF upload keeps its animation: its own size, no renditions', () => {
    const root = html(<ResponsiveImage src={`/media/${HASH}-30x20.gif`} alt="a" width={400} height={225} sizes="50vw" />)
    expect(root.querySelector('picture')).toBeNull()
    expect(attrs(root.querySelector('img'))).toMatchObject({ width: '30', height: '20' })
  })
})

describe('images on the pages: alt text, LCP priority, lazy below the fold', () => {
  it('home: the featured image is the LCP (high priority); grid cards load lazily; each says what it shows', () => {
    const featured = card({ title: 'Featured story', image: UPLOAD, imageAlt: 'Roulette wheel in motion' })
    const plain = card({ title: 'No alt written', image: '/demo/rtp.svg' })
    const root = html(<HomeView hero={{ title: 'Hero' }} featured={featured} articles={[plain]} bottoms={[]} offers={[]} />)
    const lead = root.querySelector('[data-testid="featured"] img')!
    expect(attrs(lead)).toMatchObject({ alt: 'Roulette wheel in motion', fetchpriority: 'high' })
    expect(root.querySelector('[data-testid="featured"] source')?.getAttribute('sizes')).toBe(IMAGE_SIZES.featured)
    // an article without alt text: its title describes its image
    expect(attrs(root.querySelector('[data-testid="article-card"] img'))).toMatchObject({ alt: 'No alt written', loading: 'lazy' })
    expect(root.querySelectorAll('img[fetchpriority]')).toHaveLength(1)
  })

  it('no article or recommended card image has an empty alt', () => {
    const cards = [card({ image: UPLOAD }), card({ image: '/demo/rtp.svg', imageAlt: 'Chart of returns' })]
    for (const node of [<ArticleGrid articles={cards} />, <Recommended articles={cards} />]) {
      const imgs = [...html(node).querySelectorAll('img')]
      expect(imgs).toHaveLength(2)
      expect(imgs.map((i) => i.getAttribute('alt'))).toEqual([cards[0].title, 'Chart of returns'])
      for (const i of imgs) expect(i.getAttribute('loading')).toBe('lazy')
    }
  })

  it('article: the lead image is the LCP and carries the alt text, else the title', () => {
    const a = { ...post('lead', 'Reading bonus terms'), image: UPLOAD }
    expect(attrs(html(<ArticleView article={a} body={[]} />).querySelector('img.article-image'))).toMatchObject({
      alt: 'Reading bonus terms',
      fetchpriority: 'high',
      width: '2000',
      height: '1000',
    })
    expect(html(<ArticleView article={{ ...a, imageAlt: 'A magnifier over small print' }} body={[]} />).querySelector('img.article-image')?.getAttribute('alt')).toBe(
      'A magnifier over small print',
    )
  })

  it('brand page: the banner is the LCP with its alt text (else the brand name, also for the placeholder)', () => {
    const banner = { data: null, contentType: 'image/jpeg', cdnUrl: UPLOAD }
    const withAlt = html(<BrandPageView brand={brandPage({ brandName: 'Nova', bannerImage: banner, bannerAlt: 'Neon slot reels' })} />)
    expect(attrs(withAlt.querySelector('img.banner'))).toMatchObject({ alt: 'Neon slot reels', fetchpriority: 'high' })
    expect(withAlt.querySelectorAll('.brand-hero source')).toHaveLength(2)
    expect(html(<BrandPageView brand={brandPage({ brandName: 'Nova', bannerImage: banner })} />).querySelector('img.banner')?.getAttribute('alt')).toBe('Nova banner')
    expect(html(<BrandPageView brand={brandPage({ brandName: 'Nova', bannerImage: null })} />).querySelector('img.banner')?.getAttribute('alt')).toBe('Nova banner')
  })
})
