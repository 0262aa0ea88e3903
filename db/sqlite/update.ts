import type { Doc, Update } from '../port.ts'

/** Walks a dotted path ('revenue.USD'), creating objects on the way; answers the parent and the last key. */
function parentOf(doc: Record<string, unknown>, path: string): [Record<string, unknown>, string] {
  const keys = path.split('.')
  let node = doc
  for (const k of keys.slice(0, -1)) {
    if (node[k] === null || typeof node[k] !== 'object') node[k] = {}
    node = node[k] as Record<string, unknown>
  }
  return [node, keys[keys.length - 1]]
}

/**
 * The port's update operators ($set, $unset, $inc) applied in place, as MongoDB applies them.
 * Hand-written because this is the hot path of every click counter (mingo's general updater cost ~250 µs).
 */
export function applyUpdate(doc: Doc, update: Update) {
  for (const [path, value] of Object.entries(update.$set ?? {})) {
    if (path === '_id' && value !== doc._id) throw new Error("Performing an update on the path '_id' would modify the immutable field '_id'.")
    const [node, key] = parentOf(doc, path)
    node[key] = value
  }
  for (const path of Object.keys(update.$unset ?? {})) {
    const [node, key] = parentOf(doc, path)
    delete node[key]
  }
  for (const [path, by] of Object.entries(update.$inc ?? {})) {
    const [node, key] = parentOf(doc, path)
    const current = node[key] ?? 0
    if (typeof current !== 'number') throw new Error(`Cannot apply $inc to a non-numeric field: ${path}`)
    node[key] = current + by
  }
}
