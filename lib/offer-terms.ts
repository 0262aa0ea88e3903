/**
 * What the public offer components show for compliance (UK Gambling Commission / ASA-CAP: a bonus is
 * shown with its significant terms; paid placement is disclosed). No zod and no validation here: only
 * public pages' components and the server import this file, so it rides in their chunk (the rules and
 * limits are in lib/schemas.ts, which the admin loads).
 */

/** What an offer shows beside its 18+ badge when its brand has no significant-terms line yet. */
export const TERMS_FALLBACK = 'T&Cs apply'

export const AFFILIATE_DISCLOSURE_PATH = '/info/affiliate-disclosure'
export const DEFAULT_AFFILIATE_DISCLOSURE = 'We may earn a commission when you sign up through links on this page.'

/**
 * A terms line's own leading age mark ("18+.", "21+ |"), with the punctuation after it: the badge shows it
 * (components/OfferTerms.tsx) and a market replaces it with its own (lib/markets.ts).
 */
export const AGE_MARK = /^\s*(1[89]|2[01])\s*\+\s*(?:[.,;:|·–-]\s*)?/

/** An operator's full terms live on the operator's site: an absolute http(s) URL (checked on write, again on render). */
export const isAbsoluteHttpUrl = (v: string) => /^https?:\/\//i.test(v)
