import { type Publishing, type PublishingInput, type ResolvedPublishing, resolvePublishing } from '../../lib/publishing.ts'
import { AppError } from '../errors.ts'

/**
 * The publishing state a save stores (issue 13): the status sent, else the item's own (a client that
 * does not know statuses keeps a draft a draft), else published (spec §7: a save is live). Throws 400
 * naming `publishAt` for a time that does not parse or lies more than a year ahead.
 */
export function publishingOf(input: PublishingInput, existing: Publishing | null, now: Date): ResolvedPublishing {
  const sent = input.status !== undefined
  const resolved = resolvePublishing({ status: input.status ?? existing?.status ?? 'published', publishAt: sent ? input.publishAt : existing?.publishAt }, now)
  if ('error' in resolved) throw new AppError('bad_request', resolved.error.message, [resolved.error])
  return resolved
}
