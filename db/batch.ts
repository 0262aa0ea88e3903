import type { BatchOp, CounterKey, Doc, Filter, Update } from './port.ts'

/**
 * The writes of a `store.batch`, built by what they do rather than spelt in the port's op shapes:
 * `store.batch([op.delete('posts', { _id: from }), op.insert('posts', doc), ...redirectOps])`.
 * All of a batch's writes land, or none do (on MongoDB, with a replica set: db/mongo.ts `batch`).
 */
export const op = {
  /** Inserts `doc`; a taken `_id` or unique key fails the batch with DuplicateKeyError. */
  insert: (collection: string, doc: Doc): BatchOp => ({ collection, insert: doc }),
  /** Applies `update` to the first document matching `filter`; with `upsert`, inserts one when none does. */
  update: (collection: string, filter: Filter, update: Update, options: { upsert?: boolean } = {}): BatchOp => ({
    collection,
    update: options.upsert === undefined ? { filter, update } : { filter, update, upsert: options.upsert },
  }),
  /** Deletes every document matching `filter`. */
  delete: (collection: string, filter: Filter): BatchOp => ({ collection, delete: filter }),
  /** Adds `inc` to one row of the counters table `counters` (created at zero). */
  count: (counters: string, row: CounterKey, inc: Record<string, number>): BatchOp => ({ counters, count: { ...row, inc } }),
}
