import type { AuthorBody } from '../../lib/author-schemas.ts'

/**
 * The demo's two author profiles (issue 22). Their photos are the committed SVGs in public/demo/authors/,
 * stored as raster uploads at seed time (server/demo/raster-images.ts); seeded with SVG images they have
 * none, since a profile's photo is a media-library image or an http(s) URL. Demo posts name them by id
 * (server/demo/posts.ts); the other demo bylines stay plain text, as posts written before profiles do.
 */
export type DemoAuthor = AuthorBody & { _id: string; slug: string; photoSvg: string }

export const demoAuthors: DemoAuthor[] = [
  {
    _id: 'maya-chen',
    slug: 'maya-chen',
    name: 'Maya Chen',
    bio: 'Maya has written about online casinos since 2014, after four years in compliance at a licensed operator. She reads the bonus terms so readers do not have to, and tests every offer she covers with her own deposit.\n\nShe leads the guides desk and reviews the esports coverage for accuracy and safer-gambling messaging.',
    expertise: ['Casino bonuses', 'Wagering requirements', 'Slot mathematics', 'UK gambling regulation'],
    links: [
      { label: 'Personal site', url: 'https://maya-chen.example/' },
      { label: 'Mastodon', url: 'https://social.example/@maya' },
    ],
    photoSvg: '/demo/authors/maya-chen.svg',
  },
  {
    _id: 'daniel-okafor',
    slug: 'daniel-okafor',
    name: 'Daniel Okafor',
    bio: 'Daniel covers esports and sports betting: odds, markets and how bookmakers price them. A former semi-professional CS player and data analyst, he checks the numbers in every guide before it goes live.',
    expertise: ['Esports betting', 'Odds and probability', 'Sportsbooks', 'Responsible gambling tools'],
    links: [{ label: 'X', url: 'https://x.example/danielokafor' }],
    photoSvg: '/demo/authors/daniel-okafor.svg',
  },
]

/** A demo byline's profiles: each of the two writes, and the other reviews. */
export function demoProfilesFor(authorName: string): { authorId: string; reviewerId: string } | null {
  const i = demoAuthors.findIndex((a) => a.name === authorName)
  return i < 0 ? null : { authorId: demoAuthors[i]._id, reviewerId: demoAuthors[(i + 1) % demoAuthors.length]._id }
}
