type WithId = { _id?: unknown; id?: unknown }

/** Finds an article by `_id` or `id`, compared as strings (spec §2), in the first list that has it. */
export function findArticleById<T extends WithId>(id: string, ...lists: (T | T[] | null | undefined)[]): T | undefined {
  for (const list of lists) {
    for (const item of Array.isArray(list) ? list : list ? [list] : []) {
      if ((item._id != null && String(item._id) === id) || (item.id != null && String(item.id) === id)) return item
    }
  }
  return undefined
}
