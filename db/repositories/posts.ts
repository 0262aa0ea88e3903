import * as z from 'zod'
import { idSchema, type Post, type PostType, postInputSchema } from '../../lib/schemas.ts'
import type { Store } from '../port.ts'
import type { Registry } from '../registry.ts'

type PostDoc = Post & Record<string, unknown>

const iso = z.iso.datetime({ offset: true })
/** A post as stored: the API's rules plus its id and times. Checks imported and restored posts. */
export const storedPostSchema = postInputSchema.extend({ _id: idSchema, createdAt: iso, updatedAt: iso })

export function createPostsRepository(store: Store, registry: Registry) {
  registry.add({ name: 'posts', backup: 'data', schema: storedPostSchema })
  const posts = store.collection<PostDoc>('posts')
  return {
    async init() {
      await store.ensureIndex('posts', { fields: { type: 1 } })
    },
    listByType(type: PostType) {
      return posts.find({ type }) as Promise<Post[]>
    },
    findById(id: string) {
      return posts.findOne({ _id: id }) as Promise<Post | null>
    },
    findByIdAmong(id: string, types: PostType[]) {
      return posts.findOne({ _id: id, type: { $in: types } }) as Promise<Post | null>
    },
    insert(post: Post) {
      return posts.insertOne(post as PostDoc) as Promise<Post>
    },
    /** Sets `fields`; `unset` names fields to remove (an optional field the editor cleared). */
    async update(id: string, fields: Partial<Omit<Post, '_id'>>, unset: (keyof Post)[] = []) {
      const $unset = Object.fromEntries(unset.map((k) => [k, ''])) as Record<string, ''>
      return (await posts.updateOne({ _id: id }, { $set: fields, ...(unset.length ? { $unset } : {}) })).matched > 0
    },
    async remove(id: string) {
      return (await posts.deleteOne({ _id: id })) > 0
    },
    count() {
      return posts.count()
    },
    usingImage(url: string) {
      return posts.count({ image: url })
    },
  }
}
export type PostsRepository = ReturnType<typeof createPostsRepository>
