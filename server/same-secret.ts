import { createHash, timingSafeEqual } from 'node:crypto'

/** Compares a secret a caller sent with the configured one in constant time (postback keys, the metrics token). */
export function sameSecret(given: string, expected: string): boolean {
  // hash first: timingSafeEqual needs equal lengths, and the lengths must not leak either
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}
