/**
 * Gambling-help organisations, kept as data (lib/responsible-gambling.ts has every country). This
 * small file holds only the international set's links: the footer renders them on the server for
 * everyone, so a page's cached HTML does not vary by country, and only this reaches every page's JavaScript.
 */
export type HelpLink = {
  name: string
  url: string
  /** shown as written; `tel` is what the phone link dials (national format: these are free numbers for callers in that country) */
  phone?: { display: string; tel: string }
  /** one sentence on what they offer (the responsible-gambling page shows it) */
  about?: string
}

/** ISO 3166-1 alpha-2 (upper-case), or null for the set that serves everyone else. */
export type HelpSet = { country: string | null; label: string; links: HelpLink[] }

/** Names and addresses only: every page loads this (the descriptions are in lib/responsible-gambling.ts). */
export const INTERNATIONAL_LINKS: HelpSet = {
  country: null,
  label: 'International',
  links: [
    { name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org' },
    { name: 'Gamblers Anonymous', url: 'https://www.gamblersanonymous.org' },
  ],
}
