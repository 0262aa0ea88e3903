import type { Collection, Doc } from '../port.ts'

/**
 * Publishes the scheduled documents of a collection (posts, brands) whose time has come (issue 13). Each
 * is claimed with one conditional update on its status and time, so when several processes look at
 * once each document is published by exactly one of them; answers those this call published, as stored.
 * `derived` gives the fields the repository derives for the published document (its `live` flag…).
 */
export async function publishDue<T extends Doc & { publishAt?: string }>(collection: Collection<T>, now: Date, derived: (doc: T) => Record<string, unknown>, limit = 100): Promise<T[]> {
  const due = await collection.find({ status: 'scheduled', publishAt: { $lte: now.toISOString() } }, { limit })
  const published: T[] = []
  for (const doc of due) {
    const won = await collection.findOneAndUpdate(
      { _id: doc._id, status: 'scheduled', publishAt: doc.publishAt },
      // going live is when it is published: it takes its place among the newest
      { $set: { ...derived(doc), status: 'published', createdAt: now.toISOString() }, $unset: { publishAt: '' } },
    )
    if (won) published.push(won)
  }
  return published
}
