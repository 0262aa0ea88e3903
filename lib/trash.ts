import type { PublishStatus } from './publish-status.ts'
import type { PostType } from './schemas.ts'

/** How long a deleted post waits in the Trash before it is erased (issue 32). */
export const TRASH_DAYS = 30

/** A trashed post as the Trash view and the API list it. */
export type TrashedPostSummary = {
  _id: string
  title: string
  type: PostType
  /** what it was when trashed, and will be again when restored */
  status: PublishStatus
  market: string | null
  trashedAt: string
  /** who moved it there (an account's name, `cli:<user>` or `system`) */
  trashedBy: string
  /** when it is erased unless restored first */
  purgeAt: string
}
