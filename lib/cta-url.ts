import type { CustomParam } from './schemas.ts'

export type CtaFlags = {
  enableClickId?: boolean
  enableGaid?: boolean
  enableUserAgent?: boolean
  enableCustomParams?: boolean
  customParams?: CustomParam[]
}

function decode(v: string) {
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
}

/**
 * The tracked partner URL (spec §7, click-through flow, steps 1–3). One function serves the
 * browser flow and the server; a parameter is added only when its flag is on, a custom parameter
 * only when both its key and value are non-empty (spec §5), with its value URL-decoded.
 */
export function buildCtaUrl(
  target: string,
  brand: CtaFlags,
  ctx: { clickId: string; userAgent?: string | null; gaid?: string | null },
): string {
  let url: URL
  try {
    url = new URL(target)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)')
  } catch {
    // spec §7 step 3: an unparsable URL gets only click_id appended
    const sep = target.includes('?') ? '&' : '?'
    return `${target}${sep}click_id=${encodeURIComponent(ctx.clickId)}`
  }
  if (brand.enableClickId) url.searchParams.set('click_id', ctx.clickId)
  if (brand.enableUserAgent && ctx.userAgent) url.searchParams.set('user_agent', ctx.userAgent)
  if (brand.enableGaid && ctx.gaid) url.searchParams.set('gaid', ctx.gaid)
  if (brand.enableCustomParams) {
    for (const { key, value } of brand.customParams ?? []) {
      if (key.trim() && value.trim()) url.searchParams.set(key.trim(), decode(value.trim()))
    }
  }
  return url.toString()
}
