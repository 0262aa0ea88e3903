// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Footer } from './Footer.tsx'

const geo = (country: string | null) => vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ country }))

describe('footer: items with an info page are links, the rest keep the spec’s modal', () => {
  it.each([
    ['About Us', '/info/about'],
    ['Contact', '/info/contact'],
    ['Privacy Policy', '/info/privacy'],
    ['Terms of Service', '/info/terms'],
    ['Cookie policy', '/info/cookies'],
    ['Responsible gambling', '/info/responsible-gambling'],
    ['Affiliate disclosure', '/info/affiliate-disclosure'],
  ])('%s links to %s and opens no modal', (name, href) => {
    geo(null)
    render(<Footer />)
    const link = screen.getByRole('link', { name })
    expect(link.getAttribute('href')).toBe(href)
    expect(screen.queryByRole('button', { name })).toBeNull()
  })

  it.each([
    ['News', 'Coming soon. Stay tuned for updates on News!'],
    ['Discord', 'Coming soon. Stay tuned for updates on Discord!'],
    ['Team', 'Team content coming soon.'],
    ['Careers', 'Careers content coming soon.'],
    ['Press', 'Press content coming soon.'],
    ['YouTube', 'Coming soon. Stay tuned for updates on YouTube!'],
  ])("%s still opens the spec's modal (spec §2) with 'Got It!'", async (name, text) => {
    geo(null)
    render(<Footer />)
    expect(screen.queryByRole('link', { name })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name }))
    // the modal's code loads on the first press (issue 37)
    expect(within(await screen.findByRole('dialog')).getByText(text)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Got It!' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('footer: gambling help links', () => {
  const helpLine = () => screen.getByText(/Need help with gambling\?/)

  it('renders the international set first (what the server renders for everyone), and keeps it when the country is unknown', async () => {
    const fetchSpy = geo(null)
    render(<Footer />)
    expect(within(helpLine()).getByRole('link', { name: 'Gambling Therapy' }).getAttribute('href')).toBe('https://www.gamblingtherapy.org')
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledWith('/api/geo'))
    await new Promise((r) => setTimeout(r, 20))
    expect(helpLine().dataset.country).toBe('')
    expect(within(helpLine()).queryByRole('link', { name: 'BeGambleAware' })).toBeNull()
  })

  it("swaps in the visitor's country's links after hydration", async () => {
    geo('GB')
    render(<Footer />)
    await waitFor(() => expect(helpLine().dataset.country).toBe('GB'))
    const names = within(helpLine())
      .getAllByRole('link')
      .map((a) => a.textContent)
    expect(names).toEqual(['BeGambleAware', 'GamCare', 'GamStop'])
    for (const a of within(helpLine()).getAllByRole('link')) expect(a.getAttribute('rel')).toBe('noopener')
  })

  it('keeps the international set for a country without its own, or when /api/geo fails', async () => {
    const fetchSpy = geo('FR')
    render(<Footer />)
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled())
    await new Promise((r) => setTimeout(r, 20))
    expect(within(helpLine()).getByRole('link', { name: 'Gambling Therapy' })).toBeTruthy()
    fetchSpy.mockRejectedValue(new Error('offline'))
    render(<Footer />)
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.getAllByText(/Need help with gambling\?/).every((p) => p.dataset.country === '')).toBe(true)
  })
})
