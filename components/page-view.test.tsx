// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { useEffect } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { usePageViewBeacon } from './page-view.ts'
import { watchPageView } from './page-view-watch.ts'

/** The watcher as the layout's hook runs it once loaded, synchronously, so timers can be played. */
function Page({ path, notFound = false }: { path: string; notFound?: boolean }) {
  useEffect(() => watchPageView(path, notFound), [path, notFound])
  return (
    <div>
      <div data-slot="brand-cta" />
      <div data-slot="brand-cta" />
      <div data-slot="brand-mobile-bar" />
      <div data-slot="not-a-slot" />
    </div>
  )
}

/**
 * The browser's IntersectionObserver, played: `show(slot, ratio)` answers what a real one would when that
 * much of the slot's element is on screen (the screen is 800 px tall, each slot 100 px).
 */
const observers: FakeObserver[] = []
class FakeObserver {
  targets = new Set<Element>()
  constructor(private callback: IntersectionObserverCallback) {
    observers.push(this)
  }
  observe(el: Element) {
    this.targets.add(el)
  }
  unobserve(el: Element) {
    this.targets.delete(el)
  }
  disconnect() {
    this.targets.clear()
  }
  answer(ratios: Map<Element, number>) {
    const entries = [...this.targets].filter((el) => ratios.has(el)).map((el) => {
      const ratio = ratios.get(el)!
      return { target: el, isIntersecting: ratio > 0, intersectionRatio: ratio, boundingClientRect: { width: 300, height: 100 }, intersectionRect: { height: 100 * ratio } } as unknown as IntersectionObserverEntry
    })
    if (entries.length) this.callback(entries, this as unknown as IntersectionObserver)
  }
}
const slotsOf = (name: string) => [...document.querySelectorAll(`[data-slot="${name}"]`)]
/** The first answer: every observed slot, those not listed off screen. */
const opened = (visible: Record<string, number>) => observers.at(-1)!.answer(new Map([...document.querySelectorAll('[data-slot]')].map((el) => [el, visible[(el as HTMLElement).dataset.slot!] ?? 0])))
const show = (name: string, ratio = 1) => observers.at(-1)!.answer(new Map(slotsOf(name).map((el) => [el, ratio])))
const beacons = (spy: ReturnType<typeof vi.spyOn>) => spy.mock.calls.map((c: unknown[]) => JSON.parse(String((c[1] as RequestInit).body)))

let fetchSpy: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  observers.length = 0
  vi.useFakeTimers()
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true })
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }))
})
afterEach(() => {
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('the page-view beacon (issues 21 and 35)', () => {
  it('reports the page a moment after it opens, with the offer slots seen for a second — never one hidden or below the fold', () => {
    render(<Page path="/brands/nova-spins" />)
    opened({ 'brand-cta': 1 }) // the phone bar is display: none on a wide screen: never intersecting
    vi.advanceTimersByTime(900)
    expect(fetchSpy).not.toHaveBeenCalled()
    vi.advanceTimersByTime(300)
    expect(beacons(fetchSpy)).toEqual([{ page: 'brand:nova-spins', slots: ['brand-cta'] }])
    expect(fetchSpy.mock.calls[0]![0]).toBe('/api/track/view')
    vi.advanceTimersByTime(10_000)
    expect(fetchSpy).toHaveBeenCalledTimes(1)
  })

  it('reports a slot scrolled into view later, once, when half of it has been on screen for a second', () => {
    render(<Page path="/brands/nova-spins" />)
    opened({})
    vi.advanceTimersByTime(1_200)
    expect(beacons(fetchSpy)).toEqual([{ page: 'brand:nova-spins', slots: [] }])
    show('brand-mobile-bar', 0.3) // a sliver: not seen, however long
    vi.advanceTimersByTime(3_000)
    show('brand-mobile-bar', 0.6)
    vi.advanceTimersByTime(500)
    show('brand-mobile-bar', 0) // scrolled past within the second: not seen
    vi.advanceTimersByTime(3_000)
    expect(fetchSpy).toHaveBeenCalledTimes(1)
    show('brand-mobile-bar', 0.6)
    show('brand-cta', 1)
    vi.advanceTimersByTime(1_000 + 400)
    expect(beacons(fetchSpy)).toEqual([
      { page: 'brand:nova-spins', slots: [] },
      { page: 'brand:nova-spins', slots: ['brand-mobile-bar', 'brand-cta'] },
    ])
    show('brand-cta', 1) // already reported (and no longer observed)
    vi.advanceTimersByTime(3_000)
    expect(fetchSpy).toHaveBeenCalledTimes(2)
  })

  it('a tab in the background sees nothing: the second starts again when it comes back', () => {
    render(<Page path="/brands/nova-spins" />)
    opened({ 'brand-cta': 1 })
    vi.advanceTimersByTime(500)
    setVisibility('hidden')
    vi.advanceTimersByTime(5_000)
    expect(beacons(fetchSpy)).toEqual([{ page: 'brand:nova-spins', slots: [] }])
    setVisibility('visible')
    vi.advanceTimersByTime(1_400)
    expect(beacons(fetchSpy).at(-1)).toEqual({ page: 'brand:nova-spins', slots: ['brand-cta'] })
  })

  it('a page left at once still counts its view; a slot seen just before leaving counts too', () => {
    const first = render(<Page path="/brands/nova-spins" />)
    opened({ 'brand-cta': 1 })
    vi.advanceTimersByTime(300)
    first.unmount()
    expect(beacons(fetchSpy)).toEqual([{ page: 'brand:nova-spins', slots: [] }])
    const second = render(<Page path="/brands/luckyforge" />)
    opened({})
    vi.advanceTimersByTime(1_200)
    show('brand-mobile-bar')
    vi.advanceTimersByTime(1_000)
    second.unmount()
    expect(beacons(fetchSpy).at(-1)).toEqual({ page: 'brand:luckyforge', slots: ['brand-mobile-bar'] })
  })

  it('reports nothing from account and admin pages; a 404 as a not-found page', () => {
    render(<Page path="/admin" />)
    expect(observers).toHaveLength(0)
    render(<Page path="/no-such-page" notFound />)
    opened({})
    vi.advanceTimersByTime(1_200)
    expect(beacons(fetchSpy)[0].page).toBe('not-found:')
  })

  it('without an IntersectionObserver, the page alone at once (no slot claimed as seen)', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<Page path="/brands/nova-spins" />)
    expect(beacons(fetchSpy)).toEqual([{ page: 'brand:nova-spins', slots: [] }])
  })
})

describe('the layout hook (components/page-view.ts)', () => {
  function Layout({ path }: { path: string }) {
    usePageViewBeacon(path, false)
    return <div data-slot="brand-cta" />
  }

  it('loads the watcher after the page shows and reports through it; a page left before it arrived still counts', async () => {
    render(<Layout path="/brands/nova-spins" />)
    await vi.dynamicImportSettled()
    expect(observers).toHaveLength(1)
    vi.advanceTimersByTime(1_200)
    expect(beacons(fetchSpy)).toEqual([{ page: 'brand:nova-spins', slots: [] }])

    cleanup()
    fetchSpy.mockClear()
    const { unmount } = render(<Layout path="/article/rtp-explained" />)
    unmount() // left at once
    await vi.dynamicImportSettled()
    expect(beacons(fetchSpy)).toEqual([{ page: 'article:rtp-explained', slots: [] }])
  })
})
