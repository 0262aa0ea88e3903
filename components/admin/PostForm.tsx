import { type FormEvent, useState } from 'react'
import type { BodySection, Post, PostType } from '../../lib/schemas.ts'
import { ApiError, adminApi, type PostDraft } from './api.ts'
import { ImagePicker } from './ImagePicker.tsx'

export const AI_SECTION_OPTIONS = [3, 5, 7] as const // spec §5
export const saveErrors: Record<PostType, string> = {
  hero: 'Failed to save hero',
  featured: 'Failed to save featured article',
  article: 'Failed to save article',
  articleBottom: 'Failed to save articleBottom',
}

const emptySection = (): BodySection => ({ headline: '', content: '', keywords: [], hyperlinks: [], subsections: [] })

/** Articles with no content or meta get empty defaults in the form (spec §3). */
export function toDraft(post?: Post | null): PostDraft {
  return {
    _id: post?._id,
    title: post?.title ?? '',
    image: post?.image ?? '',
    imageAlt: post?.imageAlt ?? '',
    tag: post?.tag ?? '',
    description: post?.description ?? '',
    position: post?.position == null ? '' : String(post.position),
    content: { summary: post?.content?.summary ?? [], body: post?.content?.body ?? [] },
    meta: { author: '', date: '', reviewer: '', readTime: '', ...post?.meta },
  }
}

/** Keywords are typed comma-separated and trimmed (spec §5). */
export function parseKeywords(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
}

function KeywordsInput({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const [text, setText] = useState(value.join(', '))
  // the list changed from outside (a reorder, AI output): show it, dropping the half-typed text
  if (parseKeywords(text).join('\n') !== value.join('\n')) setText(value.join(', '))
  return (
    <label>
      Keywords (comma-separated)
      <input
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          onChange(parseKeywords(e.target.value))
        }}
      />
    </label>
  )
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item)
  return next
}

function SectionEditor({ section, index, count, onChange, onMove, onRemove }: {
  section: BodySection
  index: number
  count: number
  onChange: (s: BodySection) => void
  onMove: (to: number) => void
  onRemove: () => void
}) {
  const set = (patch: Partial<BodySection>) => onChange({ ...section, ...patch })
  return (
    <fieldset className="section-editor" data-testid="section-editor">
      <legend>Section {index + 1}</legend>
      <label>
        Headline
        <input value={section.headline} onChange={(e) => set({ headline: e.target.value })} />
      </label>
      <label>
        Content
        <textarea rows={4} value={section.content} onChange={(e) => set({ content: e.target.value })} />
      </label>
      <KeywordsInput value={section.keywords} onChange={(keywords) => set({ keywords })} />
      <div className="rows">
        <strong className="small">Hyperlinks</strong>
        {section.hyperlinks.map((h, i) => (
          <div key={i} className="row">
            <input aria-label="Link text" placeholder="Link text" value={h.text} onChange={(e) => set({ hyperlinks: section.hyperlinks.map((x, k) => (k === i ? { ...x, text: e.target.value } : x)) })} />
            <input aria-label="Link URL" placeholder="https://… or /article/id" value={h.url} onChange={(e) => set({ hyperlinks: section.hyperlinks.map((x, k) => (k === i ? { ...x, url: e.target.value } : x)) })} />
            <button type="button" className="btn" onClick={() => set({ hyperlinks: section.hyperlinks.filter((_, k) => k !== i) })}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" className="btn" onClick={() => set({ hyperlinks: [...section.hyperlinks, { text: '', url: '' }] })}>
          + Add hyperlink
        </button>
      </div>
      <div className="rows">
        <strong className="small">Subsections</strong>
        {section.subsections.map((s, i) => (
          <div key={i} className="row">
            <input aria-label="Subheading" placeholder="Subheading" value={s.subheading} onChange={(e) => set({ subsections: section.subsections.map((x, k) => (k === i ? { ...x, subheading: e.target.value } : x)) })} />
            <textarea aria-label="Subsection content" rows={2} value={s.content} onChange={(e) => set({ subsections: section.subsections.map((x, k) => (k === i ? { ...x, content: e.target.value } : x)) })} />
            <button type="button" className="btn" onClick={() => set({ subsections: section.subsections.filter((_, k) => k !== i) })}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" className="btn" onClick={() => set({ subsections: [...section.subsections, { subheading: '', content: '' }] })}>
          + Add subsection
        </button>
      </div>
      <div className="actions">
        <button type="button" className="btn" disabled={index === 0} onClick={() => onMove(index - 1)}>
          ↑ Up
        </button>
        <button type="button" className="btn" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          ↓ Down
        </button>
        <button type="button" className="btn" onClick={onRemove}>
          Remove section
        </button>
      </div>
    </fieldset>
  )
}

export function PostForm({ type, initial, onSaved, onCancel }: { type: PostType; initial: PostDraft; onSaved: () => void; onCancel?: () => void }) {
  const [draft, setDraft] = useState<PostDraft>(initial)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [sections, setSections] = useState<number>(5) // spec §9: default 5
  const [aiBusy, setAiBusy] = useState(false)
  const [aiError, setAiError] = useState<{ text: string; detail?: string } | null>(null)
  const heroOnly = type === 'hero'
  const editing = Boolean(draft._id)
  const set = (patch: Partial<PostDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const setContent = (patch: Partial<PostDraft['content']>) => setDraft((d) => ({ ...d, content: { ...d.content, ...patch } }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!draft.title.trim()) return
    setBusy(true)
    setError(null)
    try {
      await adminApi.save(type, draft)
      onSaved()
    } catch {
      setError(saveErrors[type])
    } finally {
      setBusy(false)
    }
  }

  async function generate() {
    if (heroOnly) return
    if (!draft.title.trim()) {
      setAiError({ text: 'Enter a title first' })
      return
    }
    setAiBusy(true)
    setAiError(null)
    try {
      const res = await adminApi.generate(type, { title: draft.title, imageUrl: draft.image.startsWith('data:') ? '' : draft.image, position: draft.position, sections })
      if (res.success && res.content) {
        setContent({ summary: res.content.summary, body: res.content.body })
      } else setAiError({ text: 'AI did not return valid content' })
    } catch (err) {
      if (err instanceof ApiError && err.message === 'AI did not return valid content') setAiError({ text: err.message })
      else setAiError({ text: 'AI error', detail: err instanceof Error ? err.message : undefined })
    } finally {
      setAiBusy(false)
    }
  }

  return (
    <form className="post-form card" onSubmit={submit} aria-label={`${editing ? 'Edit' : 'Add'} ${type}`}>
      <h2>{editing ? 'Edit' : 'Add'}</h2>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <label>
        Title
        <input required value={draft.title} onChange={(e) => set({ title: e.target.value })} />
      </label>
      {!heroOnly && (
        <>
          <ImagePicker value={draft.image} title={draft.title} onChange={(image) => set({ image })} />
          <label>
            Image alt text
            <input maxLength={300} value={draft.imageAlt} placeholder="What the image shows (empty: the title)" onChange={(e) => set({ imageAlt: e.target.value })} />
          </label>
          <div className="grid-2">
            <label>
              Tag
              <input value={draft.tag} onChange={(e) => set({ tag: e.target.value })} />
            </label>
            <label>
              Position
              <input type="number" min={0} step={1} value={draft.position} onChange={(e) => set({ position: e.target.value })} />
            </label>
          </div>
          <label>
            Description
            <textarea rows={3} value={draft.description} onChange={(e) => set({ description: e.target.value })} />
          </label>

          <fieldset className="ai-box">
            <legend>AI writing</legend>
            <label>
              Sections
              <select value={sections} onChange={(e) => setSections(Number(e.target.value))}>
                {AI_SECTION_OPTIONS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="btn btn-outline" disabled={!draft.title.trim() || aiBusy} onClick={() => void generate()}>
              {aiBusy ? 'Generating…' : 'AI Generate'}
            </button>
            {!draft.title.trim() && <span className="muted small">Enter a title first</span>}
            {aiError && (
              <p className="form-error" role="alert">
                {aiError.text}
                {aiError.detail && <span className="small"> — {aiError.detail}</span>}
              </p>
            )}
          </fieldset>

          <fieldset>
            <legend>Summary points</legend>
            {draft.content.summary.map((p, i) => (
              <div key={i} className="row" data-testid="summary-row">
                <input aria-label="Point title" placeholder="Title" value={p.title} onChange={(e) => setContent({ summary: draft.content.summary.map((x, k) => (k === i ? { ...x, title: e.target.value } : x)) })} />
                <input aria-label="Point text" placeholder="Text" value={p.text} onChange={(e) => setContent({ summary: draft.content.summary.map((x, k) => (k === i ? { ...x, text: e.target.value } : x)) })} />
                <button type="button" className="btn" onClick={() => setContent({ summary: draft.content.summary.filter((_, k) => k !== i) })}>
                  Remove
                </button>
              </div>
            ))}
            <button type="button" className="btn" onClick={() => setContent({ summary: [...draft.content.summary, { title: '', text: '' }] })}>
              + Add summary point
            </button>
          </fieldset>

          <fieldset>
            <legend>Body sections</legend>
            {draft.content.body.map((s, i) => (
              <SectionEditor
                key={i}
                section={s}
                index={i}
                count={draft.content.body.length}
                onChange={(next) => setContent({ body: draft.content.body.map((x, k) => (k === i ? next : x)) })}
                onMove={(to) => setContent({ body: move(draft.content.body, i, to) })}
                onRemove={() => setContent({ body: draft.content.body.filter((_, k) => k !== i) })}
              />
            ))}
            <button type="button" className="btn" onClick={() => setContent({ body: [...draft.content.body, emptySection()] })}>
              + Add section
            </button>
          </fieldset>

          <fieldset className="grid-2">
            <legend>Meta</legend>
            {(['author', 'date', 'reviewer', 'readTime'] as const).map((k) => (
              <label key={k}>
                {k === 'readTime' ? 'Read time' : k[0].toUpperCase() + k.slice(1)}
                <input value={draft.meta[k]} onChange={(e) => set({ meta: { ...draft.meta, [k]: e.target.value } })} />
              </label>
            ))}
          </fieldset>
        </>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !draft.title.trim()}>
          {busy ? 'Saving…' : editing ? 'Update' : 'Add'}
        </button>
        {onCancel && editing && (
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}
