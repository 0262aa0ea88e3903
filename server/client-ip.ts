import type { Context } from 'hono'
import { getConnInfo } from 'hono/bun'

/** The peer's address; 'unknown' for in-process requests (tests). Never stored raw. */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}
