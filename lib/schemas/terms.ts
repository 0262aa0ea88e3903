import * as z from 'zod'
import { isSafeHref, safeLinkSchema } from './common.ts'

// ---------- offer terms and affiliate disclosure (compliance; what pages show: lib/offer-terms.ts) ----------

/** A significant-terms line is a short summary, not the operator's full terms. */
export const TERMS_SUMMARY_MAX = 300
export const DISCLOSURE_MAX = 300
// C0 controls and DEL: nothing a one-line text needs, and a newline would split it
const hasControlChars = (v: string) => /[\u0000-\u001f\u007f]/.test(v)
// the disclosure is plain text and rendered as such: a tag would show as literal '<a …>'
const looksLikeHtml = (v: string) => /<[a-z!/?]/i.test(v)

/** A brand's significant-terms line, shown beside every rendering of its offer (components/OfferTerms.tsx). */
export const termsSummarySchema = z
  .string()
  .trim()
  .max(TERMS_SUMMARY_MAX, `must be at most ${TERMS_SUMMARY_MAX} characters: a summary of the significant terms, with the rest behind termsUrl`)
  .refine((v) => !hasControlChars(v), { message: 'must be one line of plain text, without control characters' })

/** The operator's full terms: an absolute http(s) URL with the safe-link rules (lib/links.ts), or '' for none. */
export const termsUrlSchema = z
  .string()
  .trim()
  .max(2048)
  // isSafeHref allows http(s) URLs and same-site paths; the operator's terms are never a path here
  .refine((v) => v === '' || (isSafeHref(v) && !v.startsWith('/')), { message: 'must be an absolute http(s) URL, without control characters or backslashes' })

/** Additive brand fields: older clients and exports without them get '' (pages then show '18+ | T&Cs apply'). */
export const offerTermsShape = {
  termsSummary: termsSummarySchema.default(''),
  termsUrl: termsUrlSchema.default(''),
}

/** The affiliate disclosure line shown near every list of offers and on every brand page (a site setting). */
export const affiliateDisclosureSchema = z
  .string()
  .trim()
  .min(1, 'is required: paid placement must be disclosed')
  .max(DISCLOSURE_MAX, `must be at most ${DISCLOSURE_MAX} characters`)
  .refine((v) => !hasControlChars(v), { message: 'must be one line of plain text, without control characters' })
  .refine((v) => !looksLikeHtml(v), { message: 'must be plain text, without HTML' })
export const disclosureBodySchema = z.strictObject({ text: affiliateDisclosureSchema })
