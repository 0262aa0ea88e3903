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
    count() {
      return posts.count()
    },
  }
}
export type PostsRepository = ReturnType<typeof createPostsRepository>
