// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { post } from '../../test/factories.ts'
import { addAnyway, admin, openTab, useAdminHarness } from './admin-harness.tsx'
import { AdminPanel } from './AdminPanel.tsx'
import { parseKeywords } from './PostForm.tsx'

useAdminHarness()

describe('admin panel tabs and modes (spec §2, §4)', () => {
  it('reloads content when the tab changes', async () => {
    render(<AdminPanel />)
    await waitFor(() => expect(admin.calls.filter((c) => c.url.startsWith('/api/posts/blog-content'))).toHaveLength(1))
    fireEvent.click(screen.getByRole('tab', { name: 'Articles' }))
    await waitFor(() => expect(admin.calls.filter((c) => c.url.startsWith('/api/posts/blog-content'))).toHaveLength(2))
  })

  it('hero uses only the title and updates the existing hero by its _id', async () => {
    await openTab('Hero')
    const form = screen.getByRole('form', { name: 'Edit hero' })
    expect(within(form).queryByText('Image')).toBeNull()
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'New hero title' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }))
    await waitFor(() => expect(admin.calls.some((c) => c.method === 'PUT')).toBe(true))
    const put = admin.calls.find((c) => c.method === 'PUT')!
    expect(put.url).toBe('/api/posts/hero-1')
    expect(put.body.title).toBe('New hero title')
  })

  it('creates a featured article when there is none', async () => {
    admin.content.featured = null
    await openTab('Featured')
    const form = screen.getByRole('form', { name: 'Add featured' })
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'A new featured' } })
    addAnyway(form)
    await waitFor(() => expect(admin.calls.some((c) => c.method === 'POST' && c.url === '/api/posts/featured')).toBe(true))
  })

  it('Articles: Add mode, Edit loads an item, Cancel returns to Add', async () => {
    await openTab('Articles')
    expect(screen.getByRole('form', { name: 'Add article' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    fireEvent.click(within(screen.getAllByTestId('post-row')[1]).getByRole('button', { name: 'Edit' }))
    const form = await screen.findByRole('form', { name: 'Edit article' })
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Wagering Requirements')
    expect(within(form).getByRole('button', { name: 'Update' })).toBeTruthy()
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }))
    const add = await screen.findByRole('form', { name: 'Add article' })
    expect((within(add).getByLabelText('Title') as HTMLInputElement).value).toBe('')
  })

  it('a successful save stays on the post in edit mode, says "Saved" with a link to the page, and reloads the list (issue 25)', async () => {
    await openTab('Articles')
    fireEvent.click(within(screen.getAllByTestId('post-row')[0]).getByRole('button', { name: 'Edit' }))
    const form = await screen.findByRole('form', { name: 'Edit article' })
    const lists = admin.calls.filter((c) => c.url.startsWith('/api/posts/list')).length
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'RTP Explained again' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }))
    const saved = await screen.findByTestId('saved-notice')
    expect(saved.getAttribute('role')).toBe('status')
    expect(saved.textContent).toMatch(/^Saved\./)
    expect(within(saved).getByRole('link', { name: 'View the page' }).getAttribute('href')).toBe('/article/a1')
    expect((screen.getByRole('form', { name: 'Edit article' }).querySelector('input[name=title]') as HTMLInputElement).value).toBe('RTP Explained again')
    await waitFor(() => expect(admin.calls.filter((c) => c.url.startsWith('/api/posts/list')).length).toBe(lists + 1))
    expect(window.location.search).toBe('?tab=articles&post=a1')
  })

  it('View links of a market’s post go to its market’s address, in the list and after a save (issue 34)', async () => {
    admin.content.articles[2] = { ...admin.content.articles[2]!, market: 'de' }
    admin.overrides['GET /api/posts/a3/translations'] = () => Response.json({ translations: [] })
    await openTab('Articles')
    const row = screen.getAllByTestId('post-row')[2]!
    expect(within(row).getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/de/article/a3')
    expect(within(screen.getAllByTestId('post-row')[0]!).getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/article/a1')
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }))
    const form = await screen.findByRole('form', { name: 'Edit article' })
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }))
    const saved = await screen.findByTestId('saved-notice')
    expect(within(saved).getByRole('link', { name: 'View the page' }).getAttribute('href')).toBe('/de/article/a3')
  })

  it("shows 'Failed to save article' when the save fails", async () => {
    admin.overrides['POST /api/posts/article'] = () => Response.json({ message: 'nope' }, { status: 400 })
    await openTab('Articles')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Will fail' } })
    addAnyway()
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save article: nope')
  })

  it("a refused save shows the server's message after the spec's, and marks each field it names", async () => {
    admin.overrides['POST /api/posts/article'] = () =>
      Response.json(
        { message: 'Invalid title: Too big', code: 'bad_request', issues: [{ path: 'title', message: 'Too big' }, { path: 'tag', message: 'Too big' }] },
        { status: 400 },
      )
    await openTab('Articles')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Refused' } })
    addAnyway()
    const alert = await screen.findByRole('alert')
    // fields are named by their labels (issue 25), not the API's paths, in the alert and at the field
    expect(alert.textContent).toBe('Failed to save article: Title: Too bigTitle: Too bigTags: Too big')
    await waitFor(() => expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByLabelText('Title').getAttribute('aria-describedby')).toBe(alert.id)
    expect(screen.getByLabelText('Tags').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Title').closest('.field')!.querySelector('.field-issue')!.textContent).toBe('Too big')
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Refused') // what was typed stays
    expect(screen.getByLabelText('Description').getAttribute('aria-invalid')).toBeNull()
  })

  it("a failure the server does not explain shows only the spec's message", async () => {
    admin.overrides['POST /api/posts/article'] = () => new Response('<html>Bad gateway</html>', { status: 502 })
    await openTab('Articles')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Proxy down' } })
    addAnyway()
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save article')
  })

  it("shows 'Failed to load content' when loading fails", async () => {
    admin.overrides['GET /api/posts/blog-content'] = () => new Response('down', { status: 500 })
    render(<AdminPanel />)
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load content')
  })
})

describe('article list', () => {
  it('filters titles case-insensitively by contains', async () => {
    await openTab('Articles')
    await waitFor(() => expect(screen.getAllByTestId('post-row')).toHaveLength(3))
    fireEvent.change(screen.getByPlaceholderText('Search titles'), { target: { value: 'POKER' } })
    await waitFor(() => expect(screen.getAllByTestId('post-row').map((r) => r.textContent)).toEqual([expect.stringContaining('Poker position')]))
    // the filter runs on the server (a page at a time), not over a list loaded whole
    expect(admin.calls.filter((c) => c.url.startsWith('/api/posts/list')).at(-1)!.url).toBe('/api/posts/list?type=article&limit=20&title=POKER')
  })

  it("loads the next page with 'Load more' and says how many of how many are shown", async () => {
    admin.overrides['GET /api/posts/list'] = (c) => {
      const cursor = new URL(c.url, 'http://x').searchParams.get('cursor')
      return cursor === 'p2'
        ? Response.json({ posts: [post('a21', 'Twenty-first')], nextCursor: null, total: 21 })
        : Response.json({ posts: Array.from({ length: 20 }, (_, i) => post(`a${i}`, `Article ${i}`)), nextCursor: 'p2', total: 21 })
    }
    await openTab('Articles')
    await waitFor(() => expect(screen.getAllByTestId('post-row')).toHaveLength(20))
    expect(screen.getByTestId('list-count').textContent).toBe('Showing 20 of 21')
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(screen.getAllByTestId('post-row')).toHaveLength(21))
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it("deletes only after 'Delete this article?', naming the post, is confirmed", async () => {
    await openTab('Articles')
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true)
    window.confirm = confirm
    fireEvent.click(within(screen.getAllByTestId('post-row')[0]).getByRole('button', { name: 'Delete' }))
    expect(confirm).toHaveBeenLastCalledWith('Delete this article?\n\n“RTP Explained” (a1)\n\nIt moves to the Trash (in this admin), where it can be restored for 30 days.')
    expect(admin.calls.some((c) => c.method === 'DELETE')).toBe(false)
    fireEvent.click(within(screen.getAllByTestId('post-row')[0]).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(admin.calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/posts/a1'))
  })

  it("asks 'Delete this articleBottom?' and shows 'Failed to delete articleBottom' on failure", async () => {
    admin.overrides['DELETE /api/posts/b1'] = () => Response.json({ message: 'x' }, { status: 500 })
    await openTab('Bottom articles')
    const confirm = vi.fn().mockReturnValue(true)
    window.confirm = confirm
    fireEvent.click(within(screen.getByTestId('post-row')).getByRole('button', { name: 'Delete' }))
    expect(confirm).toHaveBeenCalledWith('Delete this articleBottom?\n\n“Bottom one” (b1)\n\nIt moves to the Trash (in this admin), where it can be restored for 30 days.')
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete articleBottom')
  })
})

describe('post form fields', () => {
  it('trims comma-separated keywords', async () => {
    expect(parseKeywords(' rtp ,  house edge,, volatility ,')).toEqual(['rtp', 'house edge', 'volatility'])
    await openTab('Articles')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'With keywords' } })
    fireEvent.click(screen.getByRole('button', { name: '+ Add section' }))
    fireEvent.change(screen.getByLabelText('Keywords (comma-separated)'), { target: { value: ' one,  two words ,three ' } })
    addAnyway()
    await waitFor(() => expect(admin.calls.some((c) => c.method === 'POST')).toBe(true))
    expect(admin.calls.find((c) => c.method === 'POST')!.body.content.body[0].keywords).toEqual(['one', 'two words', 'three'])
  })

  it("keeps AI Generate disabled and says 'Enter a title first' until there is a title", async () => {
    await openTab('Articles')
    expect((screen.getByRole('button', { name: 'AI Generate' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Enter a title first')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Now titled' } })
    expect((screen.getByRole('button', { name: 'AI Generate' }) as HTMLButtonElement).disabled).toBe(false)
    expect((screen.getByLabelText('Sections') as HTMLSelectElement).value).toBe('5')
  })

  it("puts the writer's proposed alt text in an empty alt field, and never over the editor's own (issue 12)", async () => {
    admin.overrides['POST /api/posts/generate-article'] = (c) =>
      Response.json({
        success: true,
        content: { summary: [{ title: 'S', text: 'T' }], body: Array.from({ length: c.body.sections }, () => ({ headline: 'H', content: 'C', keywords: [], hyperlinks: [], subsections: [] })), imageAlt: 'Dice on green felt' },
      })
    await openTab('Articles')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Alt please' } })
    const alt = screen.getByLabelText('Alt text for the image') as HTMLInputElement
    fireEvent.click(screen.getByRole('button', { name: 'AI Generate' }))
    await waitFor(() => expect(alt.value).toBe('Dice on green felt'))
    fireEvent.change(alt, { target: { value: 'My own words' } })
    fireEvent.click(screen.getByRole('button', { name: 'AI Generate' }))
    await waitFor(() => expect(screen.getAllByTestId('section-editor').length).toBeGreaterThan(0))
    await new Promise((r) => setTimeout(r, 50))
    expect(alt.value).toBe('My own words')
  })

  it('fills summary and body from AI output, and shows the spec messages on failure', async () => {
    admin.overrides['POST /api/posts/generate-article'] = (c) =>
      Response.json({
        success: true,
        content: {
          summary: [{ title: 'S', text: 'T' }],
          body: Array.from({ length: c.body.sections }, (_, i) => ({ headline: `H${i}`, content: 'C', keywords: ['k'], hyperlinks: [], subsections: [] })),
        },
      })
    await openTab('Articles')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Generate me' } })
    fireEvent.change(screen.getByLabelText('Sections'), { target: { value: '3' } })
    fireEvent.click(screen.getByRole('button', { name: 'AI Generate' }))
    await waitFor(() => expect(screen.getAllByTestId('section-editor')).toHaveLength(3))
    expect(screen.getAllByTestId('summary-row')).toHaveLength(1)
    expect(admin.calls.find((c) => c.url === '/api/posts/generate-article')!.body).toMatchObject({ title: 'Generate me', sections: 3 })

    admin.overrides['POST /api/posts/generate-article'] = () => Response.json({ message: 'AI did not return valid content', code: 'ai_invalid_content' }, { status: 502 })
    fireEvent.click(screen.getByRole('button', { name: 'AI Generate' }))
    expect((await screen.findByRole('alert')).textContent).toBe('AI did not return valid content')
    admin.overrides['POST /api/posts/generate-article'] = () => Response.json({ message: 'AI writing is not configured', code: 'ai_not_configured' }, { status: 503 })
    fireEvent.click(screen.getByRole('button', { name: 'AI Generate' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^AI error/))
    // the form branches on the code, never on the wording: the same words under another code are an AI error
    admin.overrides['POST /api/posts/generate-article'] = () => Response.json({ message: 'AI did not return valid content', code: 'ai_unreachable' }, { status: 502 })
    fireEvent.click(screen.getByRole('button', { name: 'AI Generate' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^AI error/))
  })
})

describe('image search panel (spec §2, §9: 6 inline, 12 in the modal)', () => {
  it("searches the title (or 'game'), pages with Load More while pages are left, and picks an image", async () => {
    await openTab('Articles')
    fireEvent.click(screen.getByRole('button', { name: 'Search Images' }))
    const panel = await screen.findByTestId('image-panel')
    await waitFor(() => expect(within(panel).getAllByRole('img')).toHaveLength(6))
    expect(new URL(admin.calls.at(-1)!.url, 'http://x').searchParams.toString()).toBe('query=game&per_page=6&page=1')
    fireEvent.click(within(panel).getByRole('button', { name: 'Load More' }))
    await waitFor(() => expect(within(panel).getAllByRole('img')).toHaveLength(12))
    expect(within(panel).queryByRole('button', { name: 'Load More' })).toBeNull() // page 2 of 2: none that would find nothing (issue 32)

    fireEvent.click(within(panel).getAllByRole('button', { name: /image 1-/ })[2])
    expect(screen.queryByTestId('image-panel')).toBeNull()
    expect((screen.getByAltText('Selected') as HTMLImageElement).getAttribute('src')).toBe('/r/1-2.png')
  })

  it('uses the title as the query and 12 per page in the View All modal', async () => {
    await openTab('Articles')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Live casino' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search Images' }))
    await screen.findByTestId('image-panel')
    fireEvent.click(screen.getByRole('button', { name: 'View All' }))
    const dialog = await screen.findByRole('dialog', { name: 'All images' })
    await waitFor(() => expect(within(dialog).getAllByRole('img')).toHaveLength(12))
    expect(admin.calls.filter((c) => c.url.includes('fluximg')).map((c) => new URL(c.url, 'http://x').searchParams.get('per_page'))).toEqual(['6', '12'])
    expect(admin.calls.at(-1)!.url).toContain('query=Live+casino')
  })

  it("shows 'Failed to fetch images' and 'Failed to fetch more images'", async () => {
    await openTab('Articles')
    admin.overrides['GET /api/posts/fluximg'] = () => new Response('x', { status: 500 })
    fireEvent.click(screen.getByRole('button', { name: 'Search Images' }))
    expect(await screen.findByText('Failed to fetch images')).toBeTruthy()
  })
})

describe("the editors' workspace (issue 25)", () => {
  it('a post has an address: Edit puts it in the URL, and opening that URL (a reload, a shared link) reopens it in edit mode', async () => {
    await openTab('Articles')
    fireEvent.click(within(screen.getAllByTestId('post-row')[1]).getByRole('button', { name: 'Edit' }))
    await screen.findByRole('form', { name: 'Edit article' })
    expect(window.location.search).toBe('?tab=articles&post=a2')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Title'))) // Edit moves focus to the title
    cleanup()
    admin.calls.length = 0
    render(<AdminPanel />) // the same address, as after a reload
    const form = await screen.findByRole('form', { name: 'Edit article' })
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Wagering Requirements')
    expect(admin.calls.some((c) => c.method === 'GET' && c.url === '/api/posts/a2')).toBe(true)
    // Back returns to the list's empty form
    window.history.pushState(null, '', '/admin?tab=articles')
    window.dispatchEvent(new PopStateEvent('popstate'))
    await screen.findByRole('form', { name: 'Add article' })
  })

  it('?title= opens a new article with that title (issue 26: "write about this" from the search statistics)', async () => {
    window.history.replaceState(null, '', '/admin?tab=articles&title=nova+spins+withdrawal+times')
    render(<AdminPanel />)
    const form = await screen.findByRole('form', { name: 'Add article' })
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('nova spins withdrawal times')
  })

  it('an address of a post that is gone says so, with a way on', async () => {
    window.history.replaceState(null, '', '/admin?tab=articles&post=gone-post')
    render(<AdminPanel />)
    expect((await screen.findByRole('alert')).textContent).toBe('There is no post at “gone-post”: it may have been deleted or moved.')
    fireEvent.click(screen.getByRole('button', { name: 'Write a new one instead' }))
    await screen.findByRole('form', { name: 'Add article' })
  })

  it('leaving a form with unsaved changes asks first, and staying keeps the text', async () => {
    await openTab('Articles')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Half-written' } })
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true)
    window.confirm = confirm
    fireEvent.click(screen.getByRole('tab', { name: 'Hero' }))
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes to “Half-written”. Leave without saving them?')
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Half-written')
    expect(window.location.search).toBe('?tab=articles')
    fireEvent.click(screen.getByRole('tab', { name: 'Hero' }))
    await screen.findByRole('form', { name: 'Edit hero' })
    // a link elsewhere (the logo, the admin nav) asks too, before the router takes it
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Hero draft' } })
    const a = document.body.appendChild(Object.assign(document.createElement('a'), { href: '/' }))
    window.confirm = vi.fn().mockReturnValue(false)
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    a.dispatchEvent(click)
    expect(window.confirm).toHaveBeenCalled()
    expect(click.defaultPrevented).toBe(true)
    a.remove()
  })

  it('keeps an unsaved form in this browser and offers it back after a reload', async () => {
    await openTab('Articles')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Lost in a crash' } })
    await waitFor(() => expect(localStorage.getItem('gamewise:unsaved:post:article:new')).toContain('Lost in a crash'), { timeout: 2000 })
    cleanup()
    window.history.replaceState(null, '', '/admin?tab=articles')
    render(<AdminPanel />)
    const offer = await screen.findByTestId('restore-offer')
    expect(offer.textContent).toMatch(/^Restore unsaved changes from just now\?/)
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('')
    fireEvent.click(within(offer).getByRole('button', { name: 'Restore' }))
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Lost in a crash')
  })

  it('"Save draft" saves a new post as a draft; the Publishing box says what each button does before it is pressed', async () => {
    await openTab('Articles')
    expect(screen.getByTestId('publish-plan').textContent).toBe('Add publishes it now: visitors see it at once.')
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'draft' } })
    expect(screen.getByTestId('publish-plan').textContent).toBe('Add saves it as a draft: only editors see it (with Preview).')
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'published' } })
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'A careful draft' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(admin.calls.find((c) => c.method === 'POST' && c.url === '/api/posts/article')?.body.status).toBe('draft'))
    const saved = await screen.findByTestId('saved-notice')
    expect(saved.textContent).toBe('Saved. It is a draft: only editors see it (Preview shows it).')
    expect(window.location.search).toBe('?tab=articles&post=new-post')
    expect(screen.getByTestId('publish-plan').textContent).toBe('Update keeps it a draft: only editors see it. Choose Published above to publish it.')
  })

  it('tags are chips: a comma or Enter ends a tag, the one still typed is saved with the form, and the first is `tag`', async () => {
    await openTab('Articles')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Tagged' } })
    const input = screen.getByLabelText('Tags')
    fireEvent.change(input, { target: { value: 'Guides, Speedrunning,' } })
    fireEvent.change(input, { target: { value: 'Hollow Knight' } })
    const chips = within(screen.getByRole('list', { name: 'Tags of this article' }))
    expect(chips.getAllByRole('listitem').map((li) => li.textContent?.replace(/\s*×$/, ''))).toEqual(['Guides (main tag)', 'Speedrunning'])
    addAnyway()
    await waitFor(() => expect(admin.calls.some((c) => c.method === 'POST')).toBe(true))
    expect(admin.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ tag: 'Guides', tags: ['Guides', 'Speedrunning', 'Hollow Knight'] })
    // the existing tags are suggested
    expect([...document.querySelectorAll('datalist option')].map((o) => o.getAttribute('value'))).toEqual(expect.arrayContaining(['Esports', 'News']))
  })

  it('a hyperlink whose text does not occur in its section is flagged in the form before saving', async () => {
    await openTab('Articles')
    fireEvent.click(screen.getByRole('button', { name: '+ Add section' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Content' }), { target: { value: 'Read the **wagering** guide.' } })
    fireEvent.click(screen.getByRole('button', { name: '+ Add hyperlink' }))
    fireEvent.change(screen.getByLabelText('Link text'), { target: { value: 'wagering' } })
    expect(screen.queryByText(/does not occur in this section/)).toBeNull()
    fireEvent.change(screen.getByLabelText('Link text'), { target: { value: 'bonus terms' } })
    expect(within(screen.getByTestId('hyperlink-row')).getByRole('status').textContent).toBe('“bonus terms” does not occur in this section’s content, so this link will not show. Use words from the content, or add them to it.')
    expect(screen.getByLabelText('Link text').getAttribute('aria-invalid')).toBe('true')
  })

  it('with AI writing off, AI Generate is disabled with a reason an editor can act on', async () => {
    admin.ai = false
    await openTab('Articles')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Titled' } })
    await waitFor(() => expect((screen.getByRole('button', { name: 'AI Generate' }) as HTMLButtonElement).disabled).toBe(true))
    expect(screen.getByText('AI writing is off — an admin can turn it on.')).toBeTruthy()
  })

  it('an image too large is refused when picked, naming the limit, with an offer to make it smaller', async () => {
    await openTab('Articles')
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'holiday.jpg', { type: 'image/jpeg' })
    fireEvent.change(screen.getByLabelText('Upload image'), { target: { files: [big] } })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/^“holiday\.jpg” is 6 MB; images can be at most 5 MB\./)
    expect(within(alert).getByRole('button', { name: 'Make it smaller to fit' })).toBeTruthy()
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })
    fireEvent.change(screen.getByLabelText('Upload image'), { target: { files: [svg] } })
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^SVG images are not accepted/))
    expect(admin.calls.some((c) => c.method === 'POST')).toBe(false)
  })
})
