// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { offer } from '../test/factories.ts'

const GA_ID = 'G-TEST12345'
const gtagScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[src*="googletagmanager"]')].map((s) => s.src)
/** The gtag() calls queued for gtag.js, as plain arrays. */
const gtagCalls = () => ((window.dataLayer ?? []) as IArguments[]).map((a) => [...a])
const pageViews = () => gtagCalls().filter((c) => c[0] === 'event' && c[1] === 'page_view').map((c) => (c[2] as { page_path: string }).page_path)
const cookieNames = () => document.cookie.split(/;\s*/).filter(Boolean).map((c) => c.split('=')[0])

/**
 * A fresh page load: new module instances (the gate keeps the answer in memory, as a page does), the
 * layout's pieces that take part — the banner, page views, a tracked Play link and the footer.
 */
async function loadPage(path = '/') {
  vi.resetModules()
  const [{ ConsentBanner }, { usePageView }, { BrandOffers }, { Footer }] = await Promise.all([
    import('./ConsentBanner.tsx'),
    import('./analytics.ts'),
    import('./BrandOffers.tsx'),
    import('./Footer.tsx'),
  ])
  const offers = [offer({ _id: 'nova', type: [], dealBox: { ctaUrl: 'https://nova.example/x', mainText: 'M' } })]
  function Page({ path }: { path: string }) {
    usePageView(path)
    return (
      <>
        <ConsentBanner />
        <BrandOffers offers={offers} />
        <Footer />
      </>
    )
  }
  const view = render(<Page path={path} />)
  return { navigate: (to: string) => view.rerender(<Page path={to} />) }
}

const playHref = () => within(screen.getByTestId('offer-card')).getByRole('link', { name: 'Play' }).getAttribute('href')
const banner = () => screen.queryByRole('region', { name: 'Cookie consent' })
/** The banner once it shows: its code loads after hydration, for a visitor who has not answered (issue 37). */
const bannerShown = () => screen.findByRole('region', { name: 'Cookie consent' })

function configureGa(id: string | null) {
  document.head.querySelector('meta[name="ga-measurement-id"]')?.remove()
  if (!id) return
  const meta = document.createElement('meta')
  meta.name = 'ga-measurement-id'
  meta.content = id
  document.head.append(meta)
}

beforeAll(() => {
  // happy-dom runs no scripts: let gtag.js's element "load" quietly (the e2e test runs a fake gtag.js in Chromium)
  ;(window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true
})
beforeEach(() => {
  configureGa(GA_ID)
})
afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  for (const name of cookieNames()) document.cookie = `${name}=; max-age=0; path=/`
  for (const s of document.querySelectorAll('script[src]')) s.remove()
  delete window.gtag
  delete window.dataLayer
})

describe('consent banner', () => {
  it('asks on a first visit: a labelled region with equal "Accept analytics" and "Reject" buttons and the cookie policy link', async () => {
    await loadPage()
    const region = await bannerShown()
    const accept = within(region).getByRole('button', { name: 'Accept analytics' })
    const reject = within(region).getByRole('button', { name: 'Reject' })
    expect(accept.className).toBe(reject.className) // equal prominence
    expect(within(region).getByRole('link', { name: 'Cookie policy' }).getAttribute('href')).toBe('/info/cookies')
    expect(region.textContent).toContain('Google Analytics')
    expect(document.activeElement).toBe(document.body) // it does not take focus from the page
  })

  it('does not mention Google Analytics when GA_MEASUREMENT_ID is not configured', async () => {
    configureGa(null)
    await loadPage()
    expect((await bannerShown()).textContent).not.toContain('Google Analytics')
  })
})

describe('before consent', () => {
  it('stores nothing, loads nothing from Google, defines no gtag and sends no page_view; Play links carry no gaid', async () => {
    const { navigate } = await loadPage('/')
    await waitFor(() => expect(banner()).not.toBeNull())
    navigate('/article/x?ref=home')
    expect(playHref()).toBe('/go/nova')
    expect(localStorage.length).toBe(0)
    expect(sessionStorage.length).toBe(0)
    expect(document.cookie).toBe('')
    expect(gtagScripts()).toEqual([])
    expect(window.gtag).toBeUndefined()
    expect(window.dataLayer).toBeUndefined()
  })

  it('removes a gaid written before the site asked', async () => {
    localStorage.setItem('gaid', 'old-device')
    await loadPage()
    await waitFor(() => expect(banner()).not.toBeNull())
    expect(localStorage.getItem('gaid')).toBeNull()
    expect(playHref()).toBe('/go/nova')
  })
})

describe('accepting', () => {
  it('remembers the choice, creates the gaid, loads gtag.js once and counts page views from then on', async () => {
    const { navigate } = await loadPage('/brands/nova?x=1')
    fireEvent.click(await screen.findByRole('button', { name: 'Accept analytics' }))
    expect(banner()).toBeNull()
    expect(localStorage.getItem('consent')).toBe('granted')
    const gaid = localStorage.getItem('gaid')
    expect(gaid).toMatch(/^[0-9a-f-]{36}$/)
    await waitFor(() => expect(playHref()).toBe(`/go/nova?gaid=${gaid}`))

    await waitFor(() => expect(window.gtag).toBeTypeOf('function'))
    expect(gtagScripts()).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GA_ID}`])
    const calls = gtagCalls()
    // Consent Mode v2: the default (everything denied) comes before any other command
    expect(calls[0]).toEqual([
      'consent',
      'default',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied', wait_for_update: 500 },
    ])
    expect(calls[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }])
    expect(calls.find((c) => c[0] === 'config')).toEqual(['config', GA_ID, expect.objectContaining({ send_page_view: false })])
    expect(pageViews()).toEqual(['/brands/nova?x=1']) // the page on screen counts once

    navigate('/article/y?ref=home')
    await waitFor(() => expect(pageViews()).toEqual(['/brands/nova?x=1', '/article/y?ref=home']))
    expect(gtagScripts()).toHaveLength(1)
  })

  it('is remembered on the next page load: no banner, gtag.js loads and the page view is sent', async () => {
    localStorage.setItem('consent', 'granted')
    await loadPage('/articles')
    await waitFor(() => expect(pageViews()).toEqual(['/articles']))
    expect(banner()).toBeNull()
    expect(gtagScripts()).toHaveLength(1)
    expect(playHref()).toMatch(/^\/go\/nova\?gaid=[0-9a-f-]{36}$/)
  })

  it('without GA_MEASUREMENT_ID: the gaid, but no Google script and no gtag', async () => {
    configureGa(null)
    await loadPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Accept analytics' }))
    expect(localStorage.getItem('gaid')).toMatch(/^[0-9a-f-]{36}$/)
    await act(() => Promise.resolve())
    expect(gtagScripts()).toEqual([])
    expect(window.gtag).toBeUndefined()
  })
})

describe('rejecting and withdrawing', () => {
  it('"Reject" is remembered and stores nothing else', async () => {
    const { navigate } = await loadPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }))
    expect(banner()).toBeNull()
    navigate('/next')
    await act(() => Promise.resolve())
    expect({ ...localStorage }).toEqual({ consent: 'denied' })
    expect(gtagScripts()).toEqual([])
    expect(window.gtag).toBeUndefined()
    expect(playHref()).toBe('/go/nova')

    await loadPage() // next page load
    await act(() => Promise.resolve())
    expect(banner()).toBeNull()
  })

  it('Cookie Settings reopens the choice; rejecting there stops page views and removes the gaid and GA cookies', async () => {
    localStorage.setItem('consent', 'granted')
    const { navigate } = await loadPage('/')
    await waitFor(() => expect(pageViews()).toEqual(['/']))
    document.cookie = '_ga=GA1.1.1.1; path=/'
    document.cookie = `_ga_${GA_ID.slice(2)}=GS1.1; path=/`
    document.cookie = 'unrelated=keep; path=/'

    const opener = screen.getByRole('button', { name: 'Cookie Settings' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Settings' })
    expect(screen.queryByText(/coming soon/)).toBeNull()
    expect(within(dialog).getByText('Analytics is on.')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }))

    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener) // focus goes back to what opened it
    expect({ ...localStorage }).toEqual({ consent: 'denied' })
    await waitFor(() => expect(window.gtag).toBeUndefined())
    expect(gtagCalls().at(-1)).toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' })])
    expect(cookieNames()).toEqual(['unrelated'])
    expect(playHref()).toBe('/go/nova')

    navigate('/after')
    await act(() => Promise.resolve())
    expect(pageViews()).toEqual(['/']) // no page_view after withdrawing
  })

  it('a withdrawal in another tab stops analytics in this one too', async () => {
    localStorage.setItem('consent', 'granted')
    const { navigate } = await loadPage('/')
    await waitFor(() => expect(pageViews()).toEqual(['/']))
    localStorage.setItem('consent', 'denied') // what the other tab wrote; the browser tells this one
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'consent', newValue: 'denied' })))
    await waitFor(() => expect(window.gtag).toBeUndefined())
    expect(localStorage.getItem('gaid')).toBeNull()
    navigate('/after')
    await act(() => Promise.resolve())
    expect(pageViews()).toEqual(['/'])
  })

  it('Cookie Settings can accept after a rejection, and Close leaves the answer as it was', async () => {
    localStorage.setItem('consent', 'denied')
    await loadPage('/x')
    fireEvent.click(screen.getByRole('button', { name: 'Cookie Settings' }))
    let dialog = await screen.findByRole('dialog', { name: 'Cookie Settings' })
    expect(within(dialog).getByText('Analytics is off.')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(localStorage.getItem('consent')).toBe('denied')

    fireEvent.click(screen.getByRole('button', { name: 'Cookie Settings' }))
    dialog = await screen.findByRole('dialog', { name: 'Cookie Settings' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept analytics' }))
    expect(localStorage.getItem('consent')).toBe('granted')
    await waitFor(() => expect(pageViews()).toEqual(['/x']))
  })

  it('the other footer items still open their coming-soon modal', async () => {
    await loadPage()
    fireEvent.click(screen.getByRole('button', { name: 'Careers' }))
    expect((await screen.findByRole('dialog', { name: 'Careers' })).textContent).toContain('Careers content coming soon.')
  })
})
