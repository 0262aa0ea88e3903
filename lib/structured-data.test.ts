import { describe, expect, it } from 'vitest'
import { brandPage, post } from '../test/factories.ts'
import type { Section } from './schemas.ts'
import { type JsonLd, article, brandReview, breadcrumbList, faqPage, homeStructuredData, serializeJsonLd } from './structured-data.ts'

const SITE = 'https://gamewise.example'

/** What a crawler reads: the serialised text, parsed back. */
const roundTrip = (data: JsonLd | null) => JSON.parse(serializeJsonLd(data!)) as Record<string, any>

const expectOrganization = (org: Record<string, any>) => {
  expect(org['@type']).toBe('Organization')
  expect(org.name).toBe('GameWise')
  expect(org.url).toBe(`${SITE}/`)
  expect(org.logo.url).toBe(`${SITE}/logo.png`) // raster, not the SVG logo
}

describe('serializeJsonLd', () => {
  it('escapes < > & so a value cannot close the script element, and parses back to the same value', () => {
    const headline = '</script><script>alert(1)</script> <!-- & \u2028'
    const text = serializeJsonLd({ '@type': 'Thing', name: headline })
    expect(text).not.toMatch(/[<>&\u2028]/)
    expect(text.toLowerCase()).not.toContain('</script')
    expect(JSON.parse(text).name).toBe(headline)
  })
})

describe('Article (Google: headline, image, datePublished, dateModified, author, publisher)', () => {
  const p = post('rtp', 'RTP explained')
  p.createdAt = '2026-11-20T10:00:00.000Z'
  p.updatedAt = '2026-11-21T09:30:00.000Z'
  const url = `${SITE}/article/rtp`
  const input = { post: p, url, image: `${SITE}/demo/social/rtp.jpg`, description: 'A description.', siteUrl: SITE }

  it('has every required and recommended property', () => {
    p.meta.author = 'Dev Patel'
    const a = roundTrip(article(input))
    expect(a['@context']).toBe('https://schema.org')
    expect(a['@type']).toBe('Article')
    expect(a.headline).toBe('RTP explained')
    expect(a.image).toEqual([`${SITE}/demo/social/rtp.jpg`])
    expect(a.datePublished).toBe('2026-11-20T10:00:00.000Z')
    expect(a.dateModified).toBe('2026-11-21T09:30:00.000Z')
    expect(a.mainEntityOfPage).toBe(url)
    expect(a.author).toEqual({ '@type': 'Person', name: 'Dev Patel' })
    expectOrganization(a.publisher)
  })

  it('is authored by the site when the byline is empty, and keeps headlines within 110 characters', () => {
    p.meta.author = ' '
    p.title = 'word '.repeat(40)
    const a = roundTrip(article(input))
    expectOrganization(a.author)
    expect(a.headline.length).toBeLessThanOrEqual(110)
  })
})

describe('Review of a brand (Google: author, itemReviewed.name, reviewRating.ratingValue)', () => {
  it('rates the brand 0–5 with bestRating 5, written by the site', () => {
    const r = roundTrip(brandReview(brandPage({ brandName: 'Nova Spins', rating: 4.8 }), `${SITE}/brands/nova-spins`, SITE))
    expect(r['@type']).toBe('Review')
    expect(r.itemReviewed).toEqual({ '@type': 'Organization', name: 'Nova Spins' })
    expect(r.reviewRating).toEqual({ '@type': 'Rating', ratingValue: 4.8, bestRating: 5, worstRating: 0 })
    expectOrganization(r.author)
  })
  it('is left out without a rating (a 0 is a rating)', () => {
    expect(brandReview(brandPage({ rating: null }), `${SITE}/brands/x`, SITE)).toBeNull()
    expect(brandReview(brandPage({ rating: 0 }), `${SITE}/brands/x`, SITE)).not.toBeNull()
  })
})

describe('FAQPage (Google: mainEntity Questions with name and acceptedAnswer.text)', () => {
  const faq = (content: { q: string; a: string }[]): Section => ({ type: 'faq', content })
  it('holds every question and answer of every FAQ section', () => {
    const f = roundTrip(faqPage([{ type: 'text', content: 'x' }, faq([{ q: 'Q1?', a: 'A1' }, { q: 'Q2?', a: 'A2' }]), faq([{ q: 'Q3?', a: 'A3' }])]))
    expect(f['@type']).toBe('FAQPage')
    expect(f.mainEntity).toEqual([
      { '@type': 'Question', name: 'Q1?', acceptedAnswer: { '@type': 'Answer', text: 'A1' } },
      { '@type': 'Question', name: 'Q2?', acceptedAnswer: { '@type': 'Answer', text: 'A2' } },
      { '@type': 'Question', name: 'Q3?', acceptedAnswer: { '@type': 'Answer', text: 'A3' } },
    ])
  })
  it('is left out without an FAQ section or with only empty items', () => {
    expect(faqPage([{ type: 'terms', content: ['18+'] }])).toBeNull()
    expect(faqPage([faq([{ q: ' ', a: 'A' }])])).toBeNull()
  })
})

describe('BreadcrumbList (Google: itemListElement ListItems with position, name, item)', () => {
  it('starts at Home and numbers the crumbs from 1 with absolute URLs', () => {
    const b = roundTrip(breadcrumbList(SITE, [{ name: 'Articles', path: '/articles' }, { name: 'Page 2', path: '/articles/page/2' }]))
    expect(b['@type']).toBe('BreadcrumbList')
    expect(b.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
      { '@type': 'ListItem', position: 2, name: 'Articles', item: `${SITE}/articles` },
      { '@type': 'ListItem', position: 3, name: 'Page 2', item: `${SITE}/articles/page/2` },
    ])
  })
})

describe('home page: WebSite with a SearchAction, and the Organization', () => {
  it('points the search box at /search?q=', () => {
    const [site, org] = homeStructuredData(SITE).map(roundTrip)
    expect(site['@type']).toBe('WebSite')
    expect(site.url).toBe(`${SITE}/`)
    expect(site.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${SITE}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    })
    expect(org['@context']).toBe('https://schema.org')
    expectOrganization(org)
  })
})
