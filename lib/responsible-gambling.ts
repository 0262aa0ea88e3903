import { type HelpLink, type HelpSet, INTERNATIONAL_LINKS } from './gambling-help-international.ts'

export type { HelpLink, HelpSet }

const INTERNATIONAL_ABOUT: Record<string, string> = {
  'Gambling Therapy': 'Free online advice and support in several languages, wherever you live.',
  'Gamblers Anonymous': 'Self-help meetings for people who want to stop gambling, in many countries.',
}
/** For everyone we have no country set for (and for visitors whose country is unknown). */
export const INTERNATIONAL_HELP: HelpSet = { ...INTERNATIONAL_LINKS, links: INTERNATIONAL_LINKS.links.map((l) => ({ ...l, about: INTERNATIONAL_ABOUT[l.name] })) }

/**
 * Where to find help with gambling, per visitor country (ISO 3166-1 alpha-2). Only real, well-known
 * organisations; a country we are not sure about is left out and gets the international set.
 * Shown on /info/responsible-gambling (every country), in the footer and on brand pages.
 */
export const HELP_BY_COUNTRY: Record<string, Omit<HelpSet, 'country'>> = {
  GB: {
    label: 'United Kingdom',
    links: [
      { name: 'BeGambleAware', url: 'https://www.begambleaware.org', about: 'Free, confidential advice, tools and treatment across Great Britain.' },
      {
        name: 'GamCare',
        url: 'https://www.gamcare.org.uk',
        phone: { display: '0808 8020 133', tel: '08088020133' },
        about: 'Runs the National Gambling Helpline, free and open 24 hours a day.',
      },
      { name: 'GamStop', url: 'https://www.gamstop.co.uk', about: 'Free self-exclusion from every gambling site licensed in Great Britain.' },
    ],
  },
  US: {
    label: 'United States',
    links: [
      {
        name: '1-800-GAMBLER',
        url: 'https://www.1800gambler.net',
        phone: { display: '1-800-426-2537', tel: '18004262537' },
        about: 'The national problem gambling helpline: confidential, 24 hours a day.',
      },
      { name: 'National Council on Problem Gambling', url: 'https://www.ncpgambling.org', about: 'Help and treatment near you, state by state.' },
    ],
  },
  IE: {
    label: 'Ireland',
    links: [
      { name: 'GamblingCare', url: 'https://www.gamblingcare.ie', about: 'A helpline and referrals to counselling and treatment across Ireland.' },
      { name: 'Gamblers Anonymous Ireland', url: 'https://www.gamblersanonymous.ie', about: 'Self-help meetings across Ireland.' },
    ],
  },
  CA: {
    label: 'Canada',
    links: [
      { name: 'Responsible Gambling Council', url: 'https://www.responsiblegambling.org', about: 'Information on safer play and where to get help in every province.' },
      {
        name: 'ConnexOntario',
        url: 'https://www.connexontario.ca',
        phone: { display: '1-866-531-2600', tel: '18665312600' },
        about: 'Free, confidential help in Ontario, around the clock.',
      },
    ],
  },
  AU: {
    label: 'Australia',
    links: [
      {
        name: 'Gambling Help Online',
        url: 'https://www.gamblinghelponline.org.au',
        phone: { display: '1800 858 858', tel: '1800858858' },
        about: 'Free counselling online and by phone, 24 hours a day.',
      },
      { name: 'BetStop', url: 'https://www.betstop.gov.au', about: 'The national self-exclusion register for online and phone betting.' },
    ],
  },
  DE: {
    label: 'Germany',
    links: [
      {
        name: 'Check dein Spiel',
        url: 'https://www.check-dein-spiel.de',
        phone: { display: '0800 1 37 27 00', tel: '08001372700' },
        about: 'Free, anonymous advice, a self-test and an online programme (in German).',
      },
    ],
  },
}

/** An ISO country code as the page context carries it, or null (unknown, malformed, absent). */
export function normaliseCountry(country: string | null | undefined): string | null {
  return typeof country === 'string' && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null
}

/** The visitor's country's organisations, or the international set when we have none for it. */
export function helpFor(country: string | null | undefined): HelpSet {
  const code = normaliseCountry(country)
  const set = code ? HELP_BY_COUNTRY[code] : undefined
  return set ? { country: code, ...set } : INTERNATIONAL_HELP
}

/** Every set: the visitor's country first, then the others by name, then the international one. */
export function helpDirectory(country: string | null | undefined): HelpSet[] {
  const first = helpFor(country)
  const others = Object.entries(HELP_BY_COUNTRY)
    .filter(([code]) => code !== first.country)
    .map(([code, set]) => ({ country: code, ...set }))
    .sort((a, b) => a.label.localeCompare(b.label))
  return first.country ? [first, ...others, INTERNATIONAL_HELP] : [INTERNATIONAL_HELP, ...others]
}
