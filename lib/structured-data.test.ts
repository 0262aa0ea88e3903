import { describe, expect, it } from 'vitest'
import { brandPage, post } from '../test/factories.ts'
import type { Section } from './schemas.ts'
import { type JsonLd, serializeJsonLd } from './json-ld.ts'
import { article, brandReview, breadcrumbList, faqPage, homeStructuredData, person, profilePage } from './structured-data.ts'

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
    p.meta.author = 'Daniel Okafor'
    const a = roundTrip(article(input))
    expect(a['@context']).toBe('https://schema.org')
    expect(a['@type']).toBe('Article')
    expect(a.headline).toBe('RTP explained')
    expect(a.image).toEqual([`${SITE}/demo/social/rtp.jpg`])
    expect(a.datePublished).toBe('2026-11-20T10:00:00.000Z')
    expect(a.dateModified).toBe('2026-11-21T09:30:00.000Z')
    expect(a.mainEntityOfPage).toBe(url)
    expect(a.author).toEqual({ '@type': 'Person', name: 'Daniel Okafor' })
    expectOrganization(a.publisher)
  })

  it("names the author's profile as a Person with its page (issue 22), the same entity as the author page's", () => {
    p.meta.author = 'Typed byline'
    const a = roundTrip(article({ ...input, author: { name: 'Maya Chen', slug: 'maya-chen' } }))
    expect(a.author).toEqual({ '@type': 'Person', '@id': `${SITE}/author/maya-chen#person`, name: 'Maya Chen', url: `${SITE}/author/maya-chen` })
    expect(a.author['@id']).toBe(roundTrip(person(profile, SITE))['@id'])
    expect(roundTrip(article({ ...input, author: null })).author).toEqual({ '@type': 'Person', name: 'Typed byline' }) // no profile: as before
  })

  it('is authored by the site when the byline is empty, and keeps headlines within 110 characters', () => {
    p.meta.author = ' '
    p.title = 'word '.repeat(40)
    const a = roundTrip(article(input))
    expectOrganization(a.author)
    expect(a.headline.length).toBeLessThanOrEqual(110)
  })
})

const profile = {
  slug: 'maya-chen',
  name: 'Maya Chen',
  bio: 'Maya has written about casinos since 2014.\n\nShe leads the guides desk.',
  expertise: ['Casino bonuses', 'Wagering requirements'],
  photo: '/media/54a7b4c4091d5f726c0e56cc32715c35-480x480.jpg',
  links: [
    { label: 'Site', url: 'https://maya.example/' },
    { label: '', url: 'https://social.example/@maya' },
  ],
}

describe('Person and ProfilePage of an author page (issue 22)', () => {
  it('says who the author is: name, page, bio, photo, their profiles elsewhere and what they write about', () => {
    const p = roundTrip(person(profile, SITE))
    expect(p).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      '@id': `${SITE}/author/maya-chen#person`,
      name: 'Maya Chen',
      url: `${SITE}/author/maya-chen`,
      description: 'Maya has written about casinos since 2014. She leads the guides desk.',
      image: `${SITE}/media/54a7b4c4091d5f726c0e56cc32715c35-480x480.jpg`,
      sameAs: ['https://maya.example/', 'https://social.example/@maya'],
      knowsAbout: ['Casino bonuses', 'Wagering requirements'],
    })
  })
  it('leaves out what the profile does not have, and keeps an outside photo URL as it is', () => {
    const p = roundTrip(person({ ...profile, bio: ' ', expertise: [], links: [], photo: '' }, SITE))
    expect(Object.keys(p).sort()).toEqual(['@context', '@id', '@type', 'name', 'url'])
    expect(roundTrip(person({ ...profile, photo: 'https://cdn.example/m.jpg' }, SITE)).image).toBe('https://cdn.example/m.jpg')
  })
  it('the page is a ProfilePage whose main entity is that Person', () => {
    const page = roundTrip(profilePage(profile, '/author/maya-chen/page/2', SITE))
    expect(page).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: `${SITE}/author/maya-chen/page/2`,
      name: 'Maya Chen on GameWise',
      mainEntity: { '@id': `${SITE}/author/maya-chen#person` },
    })
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
