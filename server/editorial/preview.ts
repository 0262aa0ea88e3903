import { createHmac, timingSafeEqual } from 'node:crypto'
import type { RevisionKind } from '../../lib/revisions.ts'

/** How long a preview link works: long enough to share with a colleague, short enough not to linger. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000

export type PreviewTarget = { kind: RevisionKind; id: string }

/**
 * Preview links (issue 13): an editor asks for one (POST /api/preview-links, editor access); the link
 * carries an HMAC of the item and an expiry, so the page it opens — a plain browser navigation, with no
 * bearer token — renders that item, whatever its status, for an hour. Nothing else is unlocked by it.
 */
export function createPreviewLinks(deps: { secret: string; now: () => Date }) {
  const sign = (t: PreviewTarget, exp: number) => createHmac('sha256', deps.secret).update(`preview\n${t.kind}\n${t.id}\n${exp}`).digest('base64url')
  return {
    /** The path of a preview page for `t`, and when it stops working. */
    create(t: PreviewTarget): { path: string; expiresAt: string } {
      const exp = deps.now().getTime() + PREVIEW_TTL_MS
      const segment = t.kind === 'post' ? 'article' : 'brands'
      return { path: `/preview/${segment}/${encodeURIComponent(t.id)}?exp=${exp}&sig=${sign(t, exp)}`, expiresAt: new Date(exp).toISOString() }
    },
    /** Is this an unexpired link for `t`? */
    verify(t: PreviewTarget, exp: string | undefined, sig: string | undefined): boolean {
      const when = Number(exp)
      if (!exp || !sig || !/^\d{1,16}$/.test(exp) || when < deps.now().getTime() || when > deps.now().getTime() + PREVIEW_TTL_MS) return false
      const want = Buffer.from(sign(t, when))
      const got = Buffer.from(sig)
      return got.length === want.length && timingSafeEqual(got, want)
    },
  }
}
export type PreviewLinks = ReturnType<typeof createPreviewLinks>
