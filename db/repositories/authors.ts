import { type Author, storedAuthorSchema } from '../../lib/author-schemas.ts'
import { op } from '../batch.ts'
import { defineCollection, ensureCollection } from '../collections.ts'
import type { BatchOp, Store } from '../port.ts'
import type { Registry } from '../registry.ts'

type AuthorDoc = Author & Record<string, unknown>

const byName = (a: Author, b: Author) => a.name.localeCompare(b.name, 'en') || a._id.localeCompare(b._id)

/**
 * Author profiles (issue 22): a few dozen small documents at most, so lists read them whole. The id is
 * opaque and never changes (posts point at it); the slug is the page's address, unique, and may change.
 */
const AUTHORS = defineCollection({ name: 'authors', backup: 'data', schema: storedAuthorSchema, indexes: [{ fields: { slug: 1 }, unique: true }] })

export function createAuthorsRepository(store: Store, registry: Registry) {
  registry.add(AUTHORS)
  const authors = store.collection<AuthorDoc>(AUTHORS.name)
  return {
    init: () => ensureCollection(store, AUTHORS),
    /** Every profile, by name. */
    async list(): Promise<Author[]> {
      return (await authors.find({})).sort(byName)
    },
    findById(id: string): Promise<Author | null> {
      return authors.findOne({ _id: id })
    },
    findBySlug(slug: string): Promise<Author | null> {
      return authors.findOne({ slug })
    },
    /** The profiles of these ids that exist (a byline's author and reviewer in one read). */
    findByIds(ids: readonly string[]): Promise<Author[]> {
      return ids.length ? authors.find({ _id: { $in: [...new Set(ids)] } }) : Promise.resolve([])
    },
    /** Throws the store's `DuplicateKeyError` when the slug (or id) is taken. */
    async insert(author: Author) {
      await authors.insertOne(author as AuthorDoc)
    },
    /** Inserts the profiles whose id is free; answers the ids inserted (the demo seed). */
    insertMissing(list: Author[]) {
      return authors.insertMissing(list as AuthorDoc[])
    },
    /** The write that replaces a profile's fields, for a batch (a slug change moves its old address with it). */
    updateOp(id: string, fields: Omit<Author, '_id' | 'createdAt'>): BatchOp {
      return op.update('authors', { _id: id }, { $set: fields })
    },
    /** The write that puts a profile in a batch (imports). */
    insertOp(author: Author): BatchOp {
      return op.insert('authors', author as AuthorDoc)
    },
    async remove(id: string) {
      return (await authors.deleteOne({ _id: id })) > 0
    },
  }
}
export type AuthorsRepository = ReturnType<typeof createAuthorsRepository>
