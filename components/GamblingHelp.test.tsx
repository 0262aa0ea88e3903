// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { helpDirectory, helpFor } from '../lib/responsible-gambling.ts'
import { BrandHelp, HelpDirectory } from './GamblingHelp.tsx'

describe('gambling help on brand pages and the help page', () => {
  it("a brand page shows the visitor's country's organisations with phone links, and links to the help page", () => {
    render(<BrandHelp set={helpFor('GB')} />)
    const box = screen.getByRole('complementary', { name: 'Gambling help' })
    expect(box.textContent).toContain('18+ · Gambling help in United Kingdom:')
    expect(within(box).getByRole('link', { name: 'GamCare' }).getAttribute('href')).toBe('https://www.gamcare.org.uk')
    expect(within(box).getByRole('link', { name: '0808 8020 133' }).getAttribute('href')).toBe('tel:08088020133')
    // a number is one unbreakable word (pages/styles/footer.css .phone): "1-866-" / "531-2600" at 320 px (issue 26)
    expect(within(box).getByRole('link', { name: '0808 8020 133' }).className).toBe('phone')
    expect(within(box).getByRole('link', { name: 'More help' }).getAttribute('href')).toBe('/info/responsible-gambling')
  })

  it("a brand whose terms state a higher age (21+ where required) shows it on its help line, not the market's 18+ (issue 34)", () => {
    render(<BrandHelp set={helpFor('US')} terms="18+. New customers only (21+ where required), in licensed states." />)
    expect(screen.getByRole('complementary', { name: 'Gambling help' }).textContent).toContain('21+ · Gambling help in United States:')
  })

  it('with the country unknown a brand page shows the international set, without naming a country', () => {
    render(<BrandHelp set={helpFor(null)} />)
    const box = screen.getByRole('complementary', { name: 'Gambling help' })
    expect(box.textContent).toContain('18+ · Gambling help:')
    expect(within(box).getByRole('link', { name: 'Gambling Therapy' })).toBeTruthy()
  })

  it("the help page's directory: one heading per set, the visitor's country first, descriptions shown", () => {
    render(<HelpDirectory sets={helpDirectory('AU')} />)
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
    expect(headings[0]).toBe('Australia')
    expect(headings.at(-1)).toBe('International')
    expect(screen.getByText(/The national self-exclusion register/)).toBeTruthy()
    for (const a of screen.getAllByRole('link').filter((l) => l.getAttribute('href')!.startsWith('https:'))) expect(a.getAttribute('rel')).toBe('noopener')
  })
})
