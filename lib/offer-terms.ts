/**
 * Compliance constants shared by the server's validation and the components that render offers
 * (UK Gambling Commission / ASA-CAP: a bonus is shown with its significant terms; paid placement is
 * disclosed). No zod here: the offer components import this file, and zod must stay out of public
 * pages' JavaScript.
 */

/** A significant-terms line is a short summary, not the operator's full terms. */
export const TERMS_SUMMARY_MAX = 300
/** What an offer shows beside its 18+ badge when its brand has no significant-terms line yet. */
export const TERMS_FALLBACK = 'T&Cs apply'

export const AFFILIATE_DISCLOSURE_PATH = '/info/affiliate-disclosure'
export const DISCLOSURE_MAX = 300
export const DEFAULT_AFFILIATE_DISCLOSURE = 'We may earn a commission when you sign up through links on this page.'

// C0 controls and DEL: nothing a one-line text needs, and a newline would split it
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/
export const hasControlChars = (v: string) => CONTROL_CHARS.test(v)

/** An operator's full terms live on the operator's site: an absolute http(s) URL, never a path here. */
export const isAbsoluteHttpUrl = (v: string) => /^https?:\/\//i.test(v)

/** Anything that looks like an HTML tag: the disclosure is plain text and is rendered as such. */
export const looksLikeHtml = (v: string) => /<[a-z!/?]/i.test(v)
