import { describe, expect, it } from 'vitest'
import { INTERNATIONAL_LINKS } from './gambling-help-international.ts'
import { HELP_BY_COUNTRY, helpDirectory, helpFor, INTERNATIONAL_HELP, normaliseCountry } from './responsible-gambling.ts'

describe('responsible-gambling help links (data)', () => {
  const sets = [INTERNATIONAL_HELP, ...Object.entries(HELP_BY_COUNTRY).map(([country, s]) => ({ country, ...s }))]

  it('keys are ISO 3166-1 alpha-2 codes, upper-case', () => {
    for (const code of Object.keys(HELP_BY_COUNTRY)) expect(code).toMatch(/^[A-Z]{2}$/)
  })

  it('every set has a label and links; every link is https, named, described, with a unique URL', () => {
    const urls = new Set<string>()
    for (const set of sets) {
      expect(set.label.trim(), String(set.country)).not.toBe('')
      expect(set.links.length, set.label).toBeGreaterThan(0)
      for (const l of set.links) {
        expect(l.name.trim()).not.toBe('')
        expect(new URL(l.url).protocol, l.url).toBe('https:')
        expect(l.about?.trim(), l.name).toBeTruthy()
        expect(urls.has(l.url), `${l.url} listed twice`).toBe(false)
        urls.add(l.url)
        if (l.phone) {
          expect(l.phone.display.trim()).not.toBe('')
          expect(l.phone.tel).toMatch(/^\+?\d{6,15}$/)
        }
      }
    }
  })

  it('has the organisations the issue names', () => {
    const names = (code: string) => HELP_BY_COUNTRY[code]!.links.map((l) => [l.name, new URL(l.url).hostname])
    expect(names('GB')).toEqual(
      expect.arrayContaining([
        ['BeGambleAware', 'www.begambleaware.org'],
        ['GamCare', 'www.gamcare.org.uk'],
        ['GamStop', 'www.gamstop.co.uk'],
      ]),
    )
    expect(HELP_BY_COUNTRY.GB!.links.find((l) => l.name === 'GamCare')!.phone!.display).toBe('0808 8020 133')
    expect(names('US')).toEqual(expect.arrayContaining([['1-800-GAMBLER', 'www.1800gambler.net']]))
    expect(INTERNATIONAL_HELP.links.map((l) => new URL(l.url).hostname)).toContain('www.gamblingtherapy.org')
  })

  it('the footer’s small module and the full data agree on the international set', () => {
    expect(INTERNATIONAL_HELP.links.map(({ about: _a, ...l }) => l)).toEqual(INTERNATIONAL_LINKS.links)
    expect(INTERNATIONAL_HELP.country).toBeNull()
  })
})

describe('helpFor and helpDirectory', () => {
  it.each([
    ['GB', 'GB'],
    ['gb', 'GB'],
    ['FR', null], // no set of its own: the international one
    [null, null],
    [undefined, null],
    ['', null],
    ['GBR', null],
    ['1A', null],
  ])('helpFor(%o) → country %o', (input, country) => {
    expect(helpFor(input as string | null | undefined).country).toBe(country)
  })

  it('normaliseCountry accepts two letters only', () => {
    expect(normaliseCountry('de')).toBe('DE')
    expect(normaliseCountry('__proto__')).toBeNull()
    expect(helpFor('__')).toBe(INTERNATIONAL_HELP)
  })

  it('the directory lists every set once, the visitor’s country first and the international set last', () => {
    const dir = helpDirectory('US')
    expect(dir[0]!.country).toBe('US')
    expect(dir.at(-1)).toBe(INTERNATIONAL_HELP)
    expect(dir).toHaveLength(Object.keys(HELP_BY_COUNTRY).length + 1)
    expect(new Set(dir.map((s) => s.country)).size).toBe(dir.length)
  })

  it('with the country unknown (or without a set) the international set leads', () => {
    for (const c of [null, 'FR']) {
      const dir = helpDirectory(c)
      expect(dir[0]).toBe(INTERNATIONAL_HELP)
      expect(dir).toHaveLength(Object.keys(HELP_BY_COUNTRY).length + 1)
    }
  })
})
