import type { MessageKey, Translate } from '../lib/i18n/index.ts'

/**
 * A call to action's label in the page's language. Brands type their own ("Join Northstar"), which stays
 * as typed; the usual ones ("Claim Bonus", "Play Now", the markets' "Visit site") are the catalog's, so a
 * German page says "Bonus sichern" whatever the English brand record says.
 */
const USUAL: Readonly<Record<string, MessageKey>> = {
  visit: 'cta.visit',
  'visit site': 'cta.visitSite',
  'claim bonus': 'cta.claimBonus',
  'claim now': 'cta.claimNow',
  'claim spins': 'cta.claimSpins',
  play: 'cta.play',
  'play now': 'cta.playNow',
  'bet now': 'cta.betNow',
  'spin now': 'cta.spinNow',
  'get the app': 'cta.getTheApp',
  'join now': 'cta.joinNow',
  'sign up': 'cta.signUp',
}

export function ctaLabel(t: Translate, label: string): string {
  const key = USUAL[label.trim().toLowerCase()]
  return key ? t(key) : label
}

/** An offer type's tab label: the catalog's for the known ones, else "typeHighRoller" reads as "High Roller". */
const TYPES: Readonly<Record<string, MessageKey>> = { typeNew: 'offerType.new', typePopular: 'offerType.popular', typeCrypto: 'offerType.crypto', typeLiveCasino: 'offerType.liveCasino' }
export const offerTypeLabel = (t: Translate, type: string) => (TYPES[type] ? t(TYPES[type]) : type.replace(/^type/, '').replace(/([a-z])([A-Z])/g, '$1 $2') || type)
