import * as z from 'zod'

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/** Limits for a free-form JSON value; the store and every reader can then handle whatever passes. */
export type JsonBounds = {
  maxDepth: number // nested lists/objects; a scalar is depth 0, [] is 1
  maxString: number // characters in one string
  maxKey: number // characters in one object key
  maxKeys: number // keys in one object
  maxItems: number // items in one list
  maxBytes: number // the whole value serialized as JSON, in UTF-8 bytes
}

export const DEFAULT_JSON_BOUNDS: JsonBounds = { maxDepth: 8, maxString: 10_000, maxKey: 200, maxKeys: 100, maxItems: 200, maxBytes: 50_000 }

const isPlainObject = (v: object) => {
  const proto = Object.getPrototypeOf(v)
  return proto === Object.prototype || proto === null
}

/**
 * Why `value` is not JSON within `bounds`, or null when it is. The walk is iterative and stops at the
 * first problem, so a hostile depth or width costs no more than the bounds allow (JSON.stringify,
 * the store's encoder, overflows the stack near 100,000 levels).
 */
export function jsonBoundsProblem(value: unknown, bounds: JsonBounds = DEFAULT_JSON_BOUNDS): string | null {
  const pending: [unknown, number][] = [[value, 0]]
  let size = 0 // a lower bound of the serialized size, to stop early on wide values
  while (pending.length) {
    const [v, depth] = pending.pop()!
    if (v === null || typeof v === 'boolean') size += 4
    else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return 'numbers must be finite'
      size += 1
    } else if (typeof v === 'string') {
      if (v.length > bounds.maxString) return `text is longer than ${bounds.maxString} characters`
      size += v.length + 2
    } else if (typeof v === 'object') {
      if (depth + 1 > bounds.maxDepth) return `nested deeper than ${bounds.maxDepth} levels`
      if (Array.isArray(v)) {
        if (v.length > bounds.maxItems) return `a list has more than ${bounds.maxItems} items`
        size += 2 + v.length
        for (const item of v) pending.push([item, depth + 1])
      } else if (isPlainObject(v)) {
        const entries = Object.entries(v)
        if (entries.length > bounds.maxKeys) return `an object has more than ${bounds.maxKeys} keys`
        size += 2
        for (const [key, item] of entries) {
          if (key.length > bounds.maxKey) return `a key is longer than ${bounds.maxKey} characters`
          size += key.length + 4
          pending.push([item, depth + 1])
        }
      } else return 'only text, numbers, true/false, null, lists and objects are allowed'
    } else return 'only text, numbers, true/false, null, lists and objects are allowed'
    if (size > bounds.maxBytes) return `larger than ${bounds.maxBytes} bytes as JSON`
  }
  // the depth is bounded now, so serializing is safe; this counts escapes and multi-byte characters
  if (new TextEncoder().encode(JSON.stringify(value)).length > bounds.maxBytes) return `larger than ${bounds.maxBytes} bytes as JSON`
  return null
}

/** A zod schema for a free-form JSON value within bounds (defaults: DEFAULT_JSON_BOUNDS). */
export function boundedJsonSchema(bounds: Partial<JsonBounds> = {}) {
  const limits = { ...DEFAULT_JSON_BOUNDS, ...bounds }
  return z.custom<JsonValue>().superRefine((value, ctx) => {
    const problem = jsonBoundsProblem(value, limits)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
}
