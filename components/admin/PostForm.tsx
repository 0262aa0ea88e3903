import { type FormEvent, useRef, useState } from 'react'
import type { Post, PostType } from '../../lib/schemas.ts'
import { saveFailure } from '../api-client.ts'
import { FormError, type FormFailure } from '../FormError.tsx'
import { AiWritingBox } from './AiWritingBox.tsx'
import { adminApi } from './api.ts'
import { BodyEditor, SummaryEditor } from './ContentEditors.tsx'
import { ImagePicker } from './ImagePicker.tsx'
import { type PostDraft, toDraft } from './post-draft.ts'
import { PublishingFields } from './PublishingFields.tsx'
import { RevisionsPanel } from './RevisionsPanel.tsx'

export { parseKeywords, toDraft } from './post-draft.ts'

export const saveErrors: Record<PostType, string> = {
  hero: 'Failed to save hero',
  featured: 'Failed to save featured article',
  article: 'Failed to save article',
  articleBottom: 'Failed to save articleBottom',
}

/**
 * Add or edit one post (spec §2 "Admin Panel"): its fields, AI writing, publishing (draft, scheduled,
 * published) and, once saved, its revisions. Conversions live in post-draft.ts; each part in its own component.
 */
export function PostForm({ type, initial, onSaved, onCancel }: { type: PostType; initial: PostDraft; onSaved: () => void; onCancel?: () => void }) {
  const [draft, setDraft] = useState<PostDraft>(initial)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<FormFailure | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
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
    } catch (err) {
      setError(saveFailure(saveErrors[type], err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <form ref={formRef} className="post-form card" onSubmit={submit} aria-label={`${editing ? 'Edit' : 'Add'} ${type}`}>
        <h2>{editing ? 'Edit' : 'Add'}</h2>
        <FormError error={error} formRef={formRef} />
        <label>
          Title
          <input name="title" required value={draft.title} onChange={(e) => set({ title: e.target.value })} />
        </label>
        {!heroOnly && (
          <>
            <ImagePicker value={draft.image} title={draft.title} onChange={(image) => set({ image })} />
            <label>
              Alt text for the image
              <input name="imageAlt" maxLength={250} placeholder="What the image shows, for people who cannot see it" value={draft.imageAlt} onChange={(e) => set({ imageAlt: e.target.value })} />
            </label>
            <div className="grid-2">
              <label>
                Tag
                <input name="tag" value={draft.tag} onChange={(e) => set({ tag: e.target.value })} />
              </label>
              <label>
                Position
                <input name="position" type="number" min={0} step={1} value={draft.position} onChange={(e) => set({ position: e.target.value })} />
              </label>
            </div>
            <label>
              Description
              <textarea name="description" rows={3} value={draft.description} onChange={(e) => set({ description: e.target.value })} />
            </label>
            <AiWritingBox
              type={type}
              draft={draft}
              onContent={({ imageAlt, ...c }) => {
                setContent(c)
                // the writer's proposed alt text fills an empty field only: an editor's own words stay
                if (imageAlt) setDraft((d) => (d.imageAlt.trim() ? d : { ...d, imageAlt }))
              }}
            />
            <SummaryEditor value={draft.content.summary} onChange={(summary) => setContent({ summary })} />
            <BodyEditor value={draft.content.body} onChange={(body) => setContent({ body })} />
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
        <PublishingFields value={draft.publishing} onChange={(publishing) => set({ publishing })} item={draft._id && !heroOnly ? { kind: 'post', id: draft._id } : undefined} />
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
      {draft._id && <RevisionsPanel<Post> kind="post" id={draft._id} onRestored={(post) => setDraft(toDraft(post))} />}
    </>
  )
}
