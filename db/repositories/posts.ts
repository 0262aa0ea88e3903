import type { Post, PostType } from '../../lib/schemas.ts'
import type { Store } from '../port.ts'

type PostDoc = Post & Record<string, unknown>

export function createPostsRepository(store: Store) {
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
