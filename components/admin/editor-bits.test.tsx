// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MARKET_PRESETS } from '../../lib/markets.ts'
import type { Post } from '../../lib/schemas.ts'
import { brandPage, post } from '../../test/factories.ts'
import { CompareInsert } from './CompareInsert.tsx'
import { ImagePicker } from './ImagePicker.tsx'
import { MarketFields } from './MarketFields.tsx'
import { TextWithPreview } from './TextWithPreview.tsx'

// issue 32, small things editors notice: each case failed before its fix

type Call = { url: string; method: string; body: any }
let calls: Call[] = []
let answer: (c: Call) => unknown = () => ({})
beforeEach(() => {
  calls = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const c: Call = { url: String(input), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined }
    calls.push(c)
    return Response.json(answer(c))
  })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const markets = [
  { key: 'ca-on', name: 'Ontario', legalPages: [], ...MARKET_PRESETS['CA-ON'] },
  { key: 'de', name: 'Deutschland', legalPages: [], ...MARKET_PRESETS.DE },
]
const brands = [
  brandPage({ _id: 'albion-casino', brandName: 'Albion Casino', geo: { allow: ['GB'] }, facts: { licences: [{ regulator: 'UK Gambling Commission', number: '1' }] } }),
  brandPage({ _id: 'nova-spins', brandName: 'Nova Spins', facts: { licences: [{ regulator: 'Ontario AGCO', number: '2' }, { regulator: 'GGL', number: '3' }] }, termsSummary: '18+. T&Cs apply.' }),
]

describe('"Translation of" (the original picked by title)', () => {
  const found: Post[] = [{ ...post('rtp-explained', 'RTP Explained'), market: null }, { ...post('rtp-erklaert', 'RTP erklärt'), market: 'de', translationOf: 'rtp-explained' }]
  beforeEach(() => {
    answer = (c) => {
      if (c.url === '/api/markets') return { markets, presets: {} }
      if (c.url.startsWith('/api/posts/list')) return { posts: new URL(c.url, 'http://x').searchParams.get('type') === 'article' ? found : [], nextCursor: null, total: 2 }
      if (c.url.endsWith('/translations')) return { translations: [] }
      return found.find((p) => c.url === `/api/posts/${p._id}`) ?? {}
    }
  })

  it('searches the posts by title, shows each with its market and language, and keeps the slug the API expects', async () => {
    const onChange = vi.fn()
    const { rerender } = render(<form><MarketFields postId="new-de" market="de" translationOf="" onChange={onChange} issue={() => null} /></form>)
    fireEvent.change(await screen.findByRole('searchbox', { name: /Translation of/ }), { target: { value: 'RTP' } })
    const list = await screen.findByRole('list', { name: 'Posts to translate' })
    // the German translation is itself a translation: not offered as an original
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['RTP Explained · every market'])
    expect(calls.filter((c) => c.url.startsWith('/api/posts/list')).map((c) => new URL(c.url, 'http://x').searchParams.get('title'))).toContain('RTP')
    fireEvent.click(within(list).getByRole('button'))
    expect(onChange).toHaveBeenLastCalledWith({ translationOf: 'rtp-explained' })
    rerender(<form><MarketFields postId="new-de" market="de" translationOf="rtp-explained" onChange={onChange} issue={() => null} /></form>)
    expect(screen.getByTestId('translation-of').textContent).toContain('RTP Explained')
    fireEvent.click(screen.getByRole('button', { name: 'Not a translation of RTP Explained' }))
    expect(onChange).toHaveBeenLastCalledWith({ translationOf: '' })
  })

  it('says so when no post has the words in its title', async () => {
    render(<MarketFields market="de" translationOf="" onChange={() => {}} issue={() => null} />)
    fireEvent.change(await screen.findByRole('searchbox', { name: /Translation of/ }), { target: { value: 'zebra' } })
    answer = (c) => (c.url === '/api/markets' ? { markets, presets: {} } : { posts: [], nextCursor: null, total: 0 })
    expect(await screen.findByText('No original post has “zebra” in its title.')).toBeTruthy()
  })
})

describe('Insert comparison table: who sees the chosen brands', () => {
  it('names where each chosen brand is hidden, and what a visitor from another country sees', async () => {
    answer = (c) => (c.url === '/api/markets' ? { markets, presets: {} } : { pages: brands })
    render(<CompareInsert onInsert={() => {}} onClose={() => {}} />)
    fireEvent.click(await screen.findByRole('checkbox', { name: /Albion Casino/ }))
    fireEvent.click(screen.getByRole('checkbox', { name: /Nova Spins/ }))
    await waitFor(() => expect(screen.getByTestId('reach-notes').textContent).toBe('Albion Casino is hidden for visitors outside GB and whose country is unknown, and on the Ontario (/ca-on) and Deutschland (/de) markets (not licensed there).'))
    fireEvent.change(screen.getByRole('combobox', { name: /Show the tables to a visitor from/ }), { target: { value: 'US' } })
    expect(screen.getByTestId('compare-reach').textContent).toContain('That visitor sees Nova Spins, not Albion Casino.')
    fireEvent.change(screen.getByRole('combobox', { name: /Show the tables to a visitor from/ }), { target: { value: 'GB' } })
    expect(screen.getByTestId('compare-reach').textContent).toContain('That visitor sees Albion Casino, Nova Spins.')
  })
})

describe('section text', () => {
  it('flags a refused link beside the field as it is typed, naming the link and why', async () => {
    const Box = () => {
      const [v, setV] = useStateLike('Intro')
      return <TextWithPreview label="Content" value={v} onChange={setV} />
    }
    render(<Box />)
    const box = screen.getByRole('textbox', { name: 'Content' })
    expect(screen.queryByTestId('refused-links')).toBeNull()
    fireEvent.change(box, { target: { value: 'Intro\n[x](javascript:alert(1)) and [ok](https://example.com)' } })
    expect(screen.getByTestId('refused-links').textContent).toBe('Link “x” (javascript:alert(1)) on line 2 is not linked: javascript: links are refused: a link must be https://…, http://…, mailto:… or a path on this site (/…). The page shows its words without a link.')
    expect(box.getAttribute('aria-invalid')).toBe('true')
  })

  it('previews the tables for another country on request, with the hidden brands named', async () => {
    const reach = [{ _id: 'albion-casino', brandName: 'Albion Casino', live: true, offer: 'active', geo: { allow: ['GB'] }, unlistedIn: [] }]
    answer = (c) => ({ tree: [{ t: 'compare', i: 0 }], comparisons: [{ columns: ['bonus'], rows: [] }], reach: [reach], problems: [], country: c.body.country === undefined ? 'US' : c.body.country })
    render(<TextWithPreview label="Content" value={'{{compare brands="albion-casino"}}'} onChange={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }))
    expect(await screen.findByText('Albion Casino is hidden for visitors outside GB and whose country is unknown.', {}, { timeout: 2000 })).toBeTruthy()
    expect(calls.at(-1)!.body).toEqual({ content: '{{compare brands="albion-casino"}}', hyperlinks: [] })
    fireEvent.change(screen.getByRole('combobox', { name: /Show the tables to a visitor from/ }), { target: { value: 'GB' } })
    await waitFor(() => expect(calls.at(-1)!.body.country).toBe('GB'), { timeout: 2000 })
    fireEvent.change(screen.getByRole('combobox', { name: /Show the tables to a visitor from/ }), { target: { value: 'unknown' } })
    await waitFor(() => expect(calls.at(-1)!.body.country).toBeNull(), { timeout: 2000 })
    expect(await screen.findByText(/a visitor whose country is unknown sees/)).toBeTruthy()
  })

  it('has a wide writing mode, left with Esc', async () => {
    render(<TextWithPreview label="Content" value="x" onChange={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Wide writing' }))
    expect(screen.getByRole('dialog', { name: 'Content, wide writing' })).toBeTruthy()
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('Search Images', () => {
  const image = (n: number) => ({ id: `i${n}`, urls: { small: `/s/${n}.png`, regular: `/r/${n}.png` }, alt_description: `image ${n}` })
  it('has a query box, shows Load More only while pages are left, and says when nothing is found', async () => {
    answer = (c) => {
      const q = new URL(c.url, 'http://x').searchParams
      if (q.get('query') === 'zebra') return { results: [], total_pages: 0 }
      if (q.get('query') === 'kites') return { results: [image(9)], total_pages: 1, fallback: true }
      return { results: q.get('page') === '1' ? [1, 2, 3, 4, 5, 6].map(image) : [image(7)], total_pages: 2 }
    }
    render(<ImagePicker value="" title="" onChange={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Search Images' }))
    const panel = await screen.findByTestId('image-panel')
    await waitFor(() => expect(within(panel).getAllByRole('img')).toHaveLength(6))
    fireEvent.click(within(panel).getByRole('button', { name: 'Load More' }))
    await waitFor(() => expect(within(panel).getAllByRole('img')).toHaveLength(7))
    expect(within(panel).queryByRole('button', { name: 'Load More' })).toBeNull()

    const box = within(panel).getByRole('searchbox', { name: 'Search images' })
    fireEvent.change(box, { target: { value: 'zebra' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(await within(panel).findByText('No images found for “zebra”. Try other words.')).toBeTruthy()
    expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.get('query')).toBe('zebra')
    expect(within(panel).queryByRole('button', { name: 'Load More' })).toBeNull()

    fireEvent.change(box, { target: { value: 'kites' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Search' }))
    expect(await within(panel).findByText('No image matches “kites”: these are all the library’s images.')).toBeTruthy()
  })
})

import { useState as useStateLike } from 'react'
