import type { Author, AuthorLink, AuthorWithUsage } from '../../lib/author-schemas.ts'
import { ifMatch } from '../api-client.ts'
import { call } from './api.ts'

/** The Authors tab's calls and the post form's pickers (GET/POST /api/authors, GET/PUT/DELETE /api/authors/:id). */
export type { Author, AuthorLink, AuthorWithUsage }

/** A profile as the form holds it: expertise as typed (comma-separated), the photo as a URL or a picked file's data URL. */
export type AuthorDraft = { _id?: string; name: string; slug: string; bio: string; expertise: string; photo: string; links: AuthorLink[]; /** the stored `updatedAt` the form was loaded from (If-Match) */ version?: string }

export const emptyAuthorDraft: AuthorDraft = { name: '', slug: '', bio: '', expertise: '', photo: '', links: [] }

export const toAuthorDraft = (a: Author): AuthorDraft => ({ _id: a._id, name: a.name, slug: a.slug, bio: a.bio, expertise: a.expertise.join(', '), photo: a.photo, links: a.links, version: a.updatedAt })

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
  get: (id: string) => call<Author>(one(id)),
  /** `version` (an update): the stored `updatedAt` the form is based on (If-Match): a newer save is refused with 409 */
  save: (d: AuthorDraft, version = d.version) =>
    d._id
      ? call<Author>(one(d._id), { method: 'PUT', headers: ifMatch(version), body: JSON.stringify(toAuthorPayload(d)) })
      : call<Author>('/api/authors', { method: 'POST', body: JSON.stringify(toAuthorPayload(d)) }),
  remove: (id: string) => call<{ ok: true }>(one(id), { method: 'DELETE' }),
}
