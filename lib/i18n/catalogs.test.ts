import { parse } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { catalogFor, loadAllCatalogs, translator } from './index.ts'
import { de } from './de.ts'
import { en } from './en.ts'
import { formatMessage } from './format-message.ts'
import { placeholders } from './icu-ast.ts'
import { SITE_DESCRIPTION, SITE_TITLE } from '../site.ts'

await loadAllCatalogs()
const CATALOGS = { en, de }

describe('message catalogs', () => {
  const keys = Object.keys(en).sort()

  for (const [language, catalog] of Object.entries(CATALOGS)) {
    it(`${language}: every message is ICU MessageFormat the reference parser reads`, () => {
      for (const [key, message] of Object.entries(catalog)) expect(() => parse(message), key).not.toThrow()
    })

    it(`${language}: has every English key and no other, each with English's placeholders`, () => {
      expect(Object.keys(catalog).sort()).toEqual(keys)
      for (const key of keys) expect(placeholders(catalog[key as keyof typeof en]), key).toEqual(placeholders(en[key as keyof typeof en]))
    })

    it(`${language}: no message is left empty`, () => {
      for (const [key, message] of Object.entries(catalog)) expect(message.trim(), key).not.toBe('')
    })
  }

  it('the English home page keeps the site title and description the head, structured data and feeds use', () => {
    expect(en['site.title']).toBe(SITE_TITLE)
    expect(en['site.description']).toBe(SITE_DESCRIPTION)
  })

  it('a page speaks its market language by the primary subtag; a language without a catalog is English', () => {
    expect(catalogFor('de-DE')).toEqual(CATALOGS.de)
    expect(catalogFor('de-AT')).toEqual(CATALOGS.de)
    expect(catalogFor('en-GB')).toBe(en)
    expect(catalogFor('fr-FR')).toBe(en)
  })
})

describe('formatMessage (the ICU subset the catalogs use)', () => {
  it('puts values in, numbers formatted for the locale', () => {
    expect(formatMessage('en', 'Top {tag} offers', { tag: 'Slots' })).toBe('Top Slots offers')
    expect(formatMessage('de-DE', '{n} Ergebnisse', { n: 1234 })).toBe('1.234 Ergebnisse')
    expect(formatMessage('en-GB', '{n} results', { n: 1234 })).toBe('1,234 results')
  })

  it('chooses plural branches with Intl.PluralRules, exact matches first, # the number', () => {
    const m = '{count, plural, =0 {none} one {# article} other {# articles}}'
    expect(formatMessage('en', m, { count: 0 })).toBe('none')
    expect(formatMessage('en', m, { count: 1 })).toBe('1 article')
    expect(formatMessage('en', m, { count: 2500 })).toBe('2,500 articles')
    expect(formatMessage('de', '{pages, plural, one {# Seite} other {# Seiten}}', { pages: 3 })).toBe('3 Seiten')
  })

  it('chooses select branches, other when none matches', () => {
    const m = '{base, select, bonus {Bonus} other {Freispielgewinne}}'
    expect(formatMessage('de', m, { base: 'bonus' })).toBe('Bonus')
    expect(formatMessage('de', m, { base: 'winnings' })).toBe('Freispielgewinne')
  })

  it('keeps apostrophes, and quotes braces as ICU does', () => {
    expect(formatMessage('en', "What's Hot in Gaming?")).toBe("What's Hot in Gaming?")
    expect(formatMessage('en', "Checked against {brand}'s site", { brand: 'Nova' })).toBe("Checked against Nova's site")
    expect(formatMessage('en', "a '{literal}' and ''")).toBe("a {literal} and '")
  })

  it('renders every catalog message with its placeholders filled, in both languages', () => {
    for (const language of ['en', 'de-DE']) {
      const t = translator(language)
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        const values = Object.fromEntries(placeholders(en[key]).map((p) => [p.split(':')[0]!, p.endsWith('plural') || p.endsWith('number') ? 2 : 'x']))
        const text = t(key, values)
        expect(text, key).not.toMatch(/[{}]/)
      }
    }
  })
})
