import type { Author, AuthorLink, AuthorWithUsage } from '../../lib/author-schemas.ts'
import { call } from './api.ts'

/** The Authors tab's calls and the post form's pickers (GET/POST /api/authors, GET/PUT/DELETE /api/authors/:id). */
export type { Author, AuthorLink, AuthorWithUsage }

/** A profile as the form holds it: expertise as typed (comma-separated), the photo as a URL or a picked file's data URL. */
export type AuthorDraft = { _id?: string; name: string; slug: string; bio: string; expertise: string; photo: string; links: AuthorLink[] }

export const emptyAuthorDraft: AuthorDraft = { name: '', slug: '', bio: '', expertise: '', photo: '', links: [] }

export const toAuthorDraft = (a: Author): AuthorDraft => ({ _id: a._id, name: a.name, slug: a.slug, bio: a.bio, expertise: a.expertise.join(', '), photo: a.photo, links: a.links })

export function toAuthorPayload(d: AuthorDraft) {
  return {
    name: d.name,
    // a new profile's address is made from the name when left empty
    slug: d.slug.trim(),
    bio: d.bio,
    expertise: d.expertise
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    photo: d.photo.trim(),
    // a row left empty is not a link
    links: d.links.filter((l) => l.label.trim() || l.url.trim()).map((l) => ({ label: l.label.trim(), url: l.url.trim() })),
  }
}

const one = (id: string) => `/api/authors/${encodeURIComponent(id)}`

export const authorsApi = {
  list: () => call<{ authors: AuthorWithUsage[] }>('/api/authors'),
  save: (d: AuthorDraft) =>
    d._id ? call<Author>(one(d._id), { method: 'PUT', body: JSON.stringify(toAuthorPayload(d)) }) : call<Author>('/api/authors', { method: 'POST', body: JSON.stringify(toAuthorPayload(d)) }),
  remove: (id: string) => call<{ ok: true }>(one(id), { method: 'DELETE' }),
}
