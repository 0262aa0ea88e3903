// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { GeoDraft } from '../lib/geo.ts'
import { brandPage, offer } from '../test/factories.ts'
import { BrandPageView } from './BrandPageView.tsx'
import { toDraft, toFormData } from './brand-admin/draft.ts'
import { GeoEditor } from './brand-admin/GeoEditor.tsx'

// compliance: geo-targeted offers

beforeEach(() => vi.stubGlobal('fetch', vi.fn(async () => new Response('{}'))))
afterEach(() => vi.unstubAllGlobals())

function Editor({ initial, spy }: { initial: GeoDraft; spy: (d: GeoDraft) => void }) {
  const [value, setValue] = useState(initial)
  return (
    <GeoEditor
      value={value}
      onChange={(v) => {
        spy(v)
        setValue(v)
      }}
    />
  )
}

describe('"Where it may be shown" editor', () => {
  it('everywhere by default, with no country field', () => {
    render(<Editor initial={{ mode: 'everywhere', countries: [] }} spy={vi.fn()} />)
    expect((screen.getByRole('radio', { name: 'Everywhere' }) as HTMLInputElement).checked).toBe(true)
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(screen.getByTestId('geo-summary').textContent).toBe('Shown: Everywhere')
  })

  it('"only in": countries as tags from codes or names, unknown codes answered back, a summary that names them', () => {
    const spy = vi.fn()
    render(<Editor initial={{ mode: 'everywhere', countries: [] }} spy={spy} />)
    fireEvent.click(screen.getByRole('radio', { name: 'Only in …' }))
    expect(screen.getByTestId('geo-summary').textContent).toBe('Add at least one country, or choose Everywhere.')
    const input = screen.getByRole('combobox')
    fireEvent.change(input, { target: { value: 'ie, gb' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(spy).toHaveBeenLastCalledWith({ mode: 'allow', countries: ['GB', 'IE'] })
    const chips = within(screen.getByRole('list', { name: 'Countries' }))
    expect(chips.getAllByRole('listitem').map((li) => li.textContent?.replace('×', '').trim())).toEqual(['GB', 'IE'])
    expect(screen.getByTestId('geo-summary').textContent).toBe('Shown: Only in United Kingdom (GB), Ireland (IE)')

    // issue 25: "UK" is understood as GB, and the editor is told so
    fireEvent.change(input, { target: { value: 'UK, France' } })
    fireEvent.blur(input)
    expect(spy).toHaveBeenLastCalledWith({ mode: 'allow', countries: ['FR', 'GB', 'IE'] })
    expect(screen.getByRole('status').textContent).toBe('“UK” read as GB (United Kingdom), its ISO code.')

    fireEvent.change(input, { target: { value: 'XX, Spain' } })
    fireEvent.blur(input)
    expect(spy).toHaveBeenLastCalledWith({ mode: 'allow', countries: ['ES', 'FR', 'GB', 'IE'] })
    expect(screen.getByRole('alert').textContent).toBe('Not a country code: XX. Use two-letter ISO codes (GB, IE, DE) or country names.')
    expect((input as HTMLInputElement).value).toBe('XX') // left to be fixed

    fireEvent.click(screen.getByRole('button', { name: 'Remove IE' }))
    expect(spy).toHaveBeenLastCalledWith({ mode: 'allow', countries: ['ES', 'FR', 'GB'] })
  })

  it('"everywhere except" keeps the countries when switching from "only in"', () => {
    const spy = vi.fn()
    render(<Editor initial={{ mode: 'allow', countries: ['US'] }} spy={spy} />)
    fireEvent.click(screen.getByRole('radio', { name: 'Everywhere except …' }))
    expect(spy).toHaveBeenLastCalledWith({ mode: 'deny', countries: ['US'] })
    expect(screen.getByTestId('geo-summary').textContent).toBe('Shown: Everywhere except United States (US)')
  })

  it('the brand form sends geo as JSON: the stored rule, or {} for everywhere', () => {
    expect(toFormData(toDraft(brandPage({ geo: { deny: ['FR', 'US'] } }))).get('geo')).toBe('{"deny":["FR","US"]}')
    expect(toFormData(toDraft(brandPage())).get('geo')).toBe('{}')
  })
})

describe('a brand page where the brand is not available', () => {
  const brand = brandPage({ brandName: 'Albion Casino', geo: { allow: ['GB'] }, dealBox: { mainText: '50 spins', ctaLabel: 'Claim Spins', ctaUrl: 'https://albion.example/' } })

  it('says so instead of the call-to-action, and offers the brands available there', () => {
    render(<BrandPageView brand={brand} availability={{ available: false, alternatives: [offer({ _id: 'liberty-lines', brandName: 'Liberty Lines' })] }} />)
    expect(screen.getByTestId('geo-unavailable').textContent).toContain('Albion Casino is not available in your country')
    expect(screen.getByRole('link', { name: 'Liberty Lines' }).getAttribute('href')).toBe('/brands/liberty-lines')
    expect(screen.queryByRole('link', { name: 'Claim Spins' })).toBeNull()
    expect(screen.queryByTestId('deal-box')).toBeNull()
    expect(screen.queryByTestId('mobile-deal-bar')).toBeNull()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Albion Casino') // the review itself stays
  })

  it('with no alternatives, points home', () => {
    render(<BrandPageView brand={brand} availability={{ available: false, alternatives: [] }} />)
    expect(screen.getByRole('link', { name: 'See the offers available to you' }).getAttribute('href')).toBe('/')
  })

  it('where it is available, shows the call-to-action as before', () => {
    render(<BrandPageView brand={brand} availability={{ available: true, alternatives: [] }} />)
    expect(screen.queryByTestId('geo-unavailable')).toBeNull()
    expect(screen.getAllByRole('link', { name: 'Claim Spins' }).length).toBeGreaterThan(0)
  })
})
