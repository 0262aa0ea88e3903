import { type FormEvent, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { isLive, type PublishStatus, statusAt } from '../../lib/publishing.ts'
import type { Post, PostType } from '../../lib/schemas.ts'
import { SlugField } from './SlugField.tsx'
import { saveFailure } from '../api-client.ts'
import { FailureBesideButtons, FormError, type FormFailure, issueAt } from '../FormError.tsx'
import { AiWritingBox } from './AiWritingBox.tsx'
import { AuthorFields, type AuthorOptions } from './AuthorFields.tsx'
import { adminApi } from './api.ts'
import { BodyEditor, SummaryEditor } from './ContentEditors.tsx'
import { ImagePicker } from './ImagePicker.tsx'
import { changedByOthers, useEditConflict } from './ConflictNotice.tsx'
import { editorKeys, useSaveShortcut } from './form-keys.ts'
import { rememberPlace, restorePlace } from './keep-place.ts'
import { isDirty, listMissing, missingForReaders, type PostDraft, toDraft, toPayload } from './post-draft.ts'
import { PublishingFields } from './PublishingFields.tsx'
import { MarketFields } from './MarketFields.tsx'
import { articleStatesBonusFigures } from '../../lib/inducements.ts'
import { TagsInput } from './TagsInput.tsx'
import { keepLocally, keptLocally, useLeaveGuard } from './unsaved.ts'
import { RestoreOffer, SaveState } from './PostFormNotices.tsx'
import { pendingAutosave, useServerAutosave } from './use-autosave.ts'
import type { RevisionJson } from '../../lib/revisions.ts'

export { parseKeywords, toDraft } from './post-draft.ts'

export const saveErrors: Record<PostType, string> = {
  hero: 'Failed to save hero',
  featured: 'Failed to save featured article',
  article: 'Failed to save article',
  articleBottom: 'Failed to save articleBottom',
}

/** How a refused field is named to the editor: the form's own labels, not the API's paths. */
export const POST_FIELD_LABELS: Record<string, string> = {
  title: 'Title', slug: 'URL slug', image: 'Image', imageAlt: 'Alt text for the image', tag: 'Tags', tags: 'Tags', description: 'Description',
  position: 'Order in lists', publishAt: 'Publish at', status: 'Status', 'meta.author': 'Author name', 'meta.date': 'Date', 'meta.reviewer': 'Reviewer name',
  'meta.readTime': 'Read time', content: 'Content', authorId: 'Author', reviewerId: 'Reviewed by', market: 'Market', translationOf: 'Translation of',
}

const FIELD_OF = { tag: 'tags' }

const noun: Record<PostType, string> = { hero: 'the hero', featured: 'the featured article', article: 'this article', articleBottom: 'this bottom article' }
const kindName: Record<PostType, string> = { hero: 'hero', featured: 'featured article', article: 'article', articleBottom: 'bottom article' }

/** The fields an edit conflict names, by the payload's keys (what a save sends). */
const CONFLICT_LABELS: Record<string, string> = {
  title: 'Title', image: 'Image', imageAlt: 'Alt text for the image', tags: 'Tags', description: 'Description', position: 'Order in lists',
  content: 'Summary and sections', meta: 'Byline and read time', authorId: 'Author', reviewerId: 'Reviewed by', status: 'Status', publishAt: 'Publish at',
}

/** When a scheduled post's time comes while its form is open: the moment the form must say "published" (null: never). */
function goesLiveIn(post: Post | null, now = Date.now()): number | null {
  if (!post || post.status !== 'scheduled' || !post.publishAt) return null
  const ms = Date.parse(post.publishAt) - now
  return Number.isNaN(ms) || ms <= 0 ? null : ms
}

/**
 * Add or edit one post (spec §2 "Admin Panel"): its fields, AI writing, publishing (draft, scheduled,
 * published). After a save the form stays on the post (issue 25); the parent shows "Saved" and the
 * post's revisions. Unsaved changes are guarded and kept in this browser (./unsaved.ts).
 */
export function PostForm({ type, saved, onSaved, onCancel, onReload, focusTitle = false, tagSuggestions = [], aiConfigured = null, authors = null, initialTitle }: {
  type: PostType
  /** an edit conflict's "Load their version": the post as another editor saved it */
  onReload?: (post: Post) => void
  /** a new post's title to start from (the search statistics' "write about this", issue 26) */
  initialTitle?: string
  /** the post as last saved; null for a new one */
  saved: Post | null
  onSaved: (post: Post) => void
  onCancel?: () => void
  /** move focus to the title when the form opens (Edit from the list) */
  focusTitle?: boolean
  tagSuggestions?: string[]
  /** whether AI writing is configured (null: not known yet) */
  aiConfigured?: boolean | null
  /** the author profiles to pick from (null: loading, or not loadable) */
  authors?: AuthorOptions
}) {
  // a scheduled post goes live while its form is open: from then on the form says what it is (published)
  const [wentLive, setWentLive] = useState(() => Boolean(saved && statusAt(saved) !== (saved.status ?? 'published')))
  useEffect(() => {
    const ms = goesLiveIn(saved)
    if (ms === null || ms > 2 ** 31 - 1) return
    const t = setTimeout(() => setWentLive(true), ms + 250)
    return () => clearTimeout(t)
  }, [saved])
  const baseline = useMemo(() => toDraft(saved), [saved, wentLive]) // eslint-disable-line react-hooks/exhaustive-deps -- wentLive re-reads the clock
  const [draft, setDraft] = useState<PostDraft>(() => (!saved && initialTitle ? { ...baseline, title: initialTitle } : baseline))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<FormFailure | null>(null)
  /** publishing without body text, description or image: asked first, naming what is missing */
  const [asking, setAsking] = useState<{ missing: string[]; status?: PublishStatus } | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const titleRef = useRef<HTMLInputElement>(null)
  const keepEditingRef = useRef<HTMLButtonElement>(null)
  const heroOnly = type === 'hero'
  const editing = Boolean(saved)
  const button = editing ? 'Update' : 'Add'
  const wasLive = Boolean(saved && (isLive(saved) || wentLive))

  // the Publishing box follows the post when it goes live by itself (unless the editor chose something else)
  useEffect(() => {
    if (!wentLive || !saved) return
    setDraft((d) => (d.publishing.status === 'scheduled' ? { ...d, publishing: baseline.publishing } : d))
  }, [wentLive]) // eslint-disable-line react-hooks/exhaustive-deps -- once, when it goes live
  const dirty = isDirty(draft, baseline, type)
  const conflict = useEditConflict({
    load: () => adminApi.get(saved!._id),
    changes: (theirs) => changedByOthers(toPayload(toDraft(autosave.server()), type), toPayload(toDraft(theirs), type), toPayload(draft, type), CONFLICT_LABELS),
    reload: (theirs) => {
      keepLocally(localKey, draft) // this form's text, offered back once theirs is loaded
      onReload?.(theirs)
    },
    overwrite: (version) => void save({ version, confirmed: true }),
    versionOf: (theirs) => theirs.updatedAt,
  })
  const localKey = `post:${type}:${saved?._id ?? 'new'}`
  const fieldId = useId()
  const [offer, setOffer] = useState<{ at: number; value: PostDraft } | null>(() => {
    const kept = keptLocally<PostDraft>(localKey)
    return kept && isDirty({ ...baseline, ...kept.value, _id: baseline._id }, baseline, type) ? kept : null
  })
  const set = (patch: Partial<PostDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const setContent = (patch: Partial<PostDraft['content']>) => setDraft((d) => ({ ...d, content: { ...d.content, ...patch } }))

  // the form saves itself to the server as the editor types (a draft; beside a live post, an autosave revision)
  const autosave = useServerAutosave({ type, saved, draft, busy, paused: Boolean(conflict.conflict), onConflict: (err) => conflict.caught(err) })
  const [serverOffer, setServerOffer] = useState<RevisionJson | null>(null)
  useEffect(() => {
    let current = true
    void pendingAutosave(saved).then((a) => {
      if (!current || !a || !isDirty(toDraft(a.record as Post), baseline, type)) return
      setServerOffer(a)
      // the same text kept in this browser too: one offer, the server's (it names who and when)
      if (offer && !isDirty({ ...toDraft(a.record as Post), publishing: offer.value.publishing, slug: offer.value.slug }, { ...baseline, ...offer.value }, type)) setOffer(null)
    })
    return () => {
      current = false
    }
  }, []) // eslint-disable-line react-hooks/exhaustive-deps -- once, as the post opens

  // leaving a draft is safe once the server holds its text; a live post's autosave is not live yet: still asked
  const heldByServer = autosave.synced && autosave.status.state === 'saved' && autosave.status.applied
  useLeaveGuard(dirty && !heldByServer ? (draft.title.trim() ? `“${draft.title.trim()}”` : noun[type]) : null)

  // the typed form, kept in this browser while it differs from the saved one (not while a restore is offered)
  useEffect(() => {
    if (offer) return
    const t = setTimeout(() => keepLocally(localKey, dirty ? draft : null), 400)
    return () => clearTimeout(t)
  }, [draft, dirty, localKey, offer])

  // made anew by a save (its key is the post's version): focus and the screen stay where the editor was
  const placeKey = `post:${type}`
  const restored = useRef(false)
  useLayoutEffect(() => {
    restored.current = restorePlace(formRef.current, placeKey)
  }, []) // eslint-disable-line react-hooks/exhaustive-deps -- once, as the form appears
  useEffect(() => {
    if (focusTitle && !restored.current) titleRef.current?.focus()
  }, [focusTitle])

  /**
   * Saves the form. `status` overrides the Publishing box (Save draft); `version` is the stored version
   * this save is based on (the loaded post's, or theirs after "Save mine over theirs"); `confirmed`: the
   * editor has already said yes to publishing without some content.
   */
  async function save(opts: { status?: PublishStatus; version?: string; confirmed?: boolean } = {}) {
    if (!draft.title.trim()) {
      titleRef.current?.focus()
      return
    }
    const status = opts.status ?? draft.publishing.status
    // going live (now or at a scheduled time) without what readers expect asks first; a draft never does
    const publishes = status !== 'draft' && !(status === 'published' && wasLive)
    const missing = heroOnly ? [] : missingForReaders(draft)
    if (publishes && !opts.confirmed && missing.length) {
      setAsking({ missing, status: opts.status })
      return
    }
    setAsking(null)
    setBusy(true)
    setError(null)
    try {
      const toSave = opts.status ? { ...draft, publishing: { ...draft.publishing, status: opts.status } } : draft
      // after an autosave in flight lands: a draft's autosave moved the version this save names
      const post = await autosave.exclusive(() => adminApi.save(type, toSave, opts.version ?? (saved ? autosave.version() : undefined)))
      keepLocally(localKey, null)
      if (!saved) keepLocally(`post:${type}:${post._id}`, null)
      conflict.clear()
      rememberPlace(formRef.current, placeKey)
      onSaved(post)
    } catch (err) {
      if (!(saved && conflict.caught(err))) setError(saveFailure(saveErrors[type], err))
    } finally {
      setBusy(false)
    }
  }

  /** Ctrl/Cmd+S: saves without publishing anything that is not live yet (a new or draft post stays a draft). */
  function quickSave() {
    if (busy) return
    const publishesNow = draft.publishing.status === 'published' && !wasLive
    void save(publishesNow ? { status: 'draft' } : {})
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    void save()
  }
  useSaveShortcut(quickSave) // from anywhere on the page, not only a field of the form

  useEffect(() => {
    if (asking) keepEditingRef.current?.focus()
  }, [asking])

  const issue = (path: string) => issueAt(error, path)
  const fieldIssue = (path: string) => {
    const text = issue(path)
    return text ? <span className="field-issue">{text}</span> : null
  }

  return (
    <>
      <form ref={formRef} className="post-form card" onSubmit={submit} onKeyDown={(e) => editorKeys(e, quickSave)} aria-label={`${editing ? 'Edit' : 'Add'} ${type}`} noValidate={false}>
        <h2>{editing ? 'Edit' : 'Add'}</h2>
        {offer && (
          <RestoreOffer
            from="local"
            at={offer.at}
            onRestore={() => {
              setDraft({ ...offer.value, _id: baseline._id })
              setOffer(null)
            }}
            onDiscard={() => {
              keepLocally(localKey, null)
              setOffer(null)
            }}
          />
        )}
        {serverOffer && (
          <RestoreOffer
            from="server"
            at={Date.parse(serverOffer.at)}
            by={serverOffer.actor}
            onRestore={() => {
              const loaded = { ...toDraft(serverOffer.record as Post), _id: baseline._id, slug: draft.slug, publishing: draft.publishing }
              setDraft(loaded)
              autosave.adopt(loaded)
              setServerOffer(null)
            }}
            onDiscard={() => setServerOffer(null)}
          />
        )}
        <FormError error={error} formRef={formRef} labels={POST_FIELD_LABELS} fieldOf={FIELD_OF} />
        <div className="field">
          <label>
            Title
            <input ref={titleRef} name="title" required value={draft.title} onChange={(e) => set({ title: e.target.value })} />
          </label>
          {fieldIssue('title')}
        </div>
        {!heroOnly && (
          <>
            <SlugField
              id={fieldId}
              prefix="/article/"
              value={draft.slug}
              from={draft.title}
              fromWhat="title"
              issue={fieldIssue('slug')}
              onChange={(slug) => set({ slug })}
              hint={
                editing
                  ? draft.slug !== saved!._id
                    ? `Saving moves the article to /article/${draft.slug || '…'}; /article/${saved!._id} will lead there.`
                    : 'The article’s address. Changing it keeps the old address working (it leads to the new one).'
                  : 'The article’s address; left empty, it is made from the title.'
              }
            />
            <ImagePicker value={draft.image} title={draft.title} onChange={(image) => set({ image })} />
            {fieldIssue('image')}
            <label>
              Alt text for the image
              <input name="imageAlt" maxLength={250} placeholder="What the image shows, for people who cannot see it" value={draft.imageAlt} onChange={(e) => set({ imageAlt: e.target.value })} />
            </label>
            <TagsInput value={draft.tags} typed={draft.typedTag} suggestions={tagSuggestions} onChange={(tags) => set({ tags })} onTyped={(typedTag) => set({ typedTag })} />
            {fieldIssue('tags') ?? fieldIssue('tag')}
            <div className="field">
              <label>
                Order in lists
                <input name="position" type="number" min={0} step={1} value={draft.position} aria-describedby={`${fieldId}-position-hint`} onChange={(e) => set({ position: e.target.value })} />
              </label>
              <span className="field-hint" id={`${fieldId}-position-hint`}>
                Optional. Lower numbers come first; without one, the newest come first.
              </span>
            </div>
            <div className="field">
              <label>
                Description
                <textarea name="description" rows={3} value={draft.description} onChange={(e) => set({ description: e.target.value })} />
              </label>
              {fieldIssue('description')}
            </div>
            <AiWritingBox
              type={type}
              draft={draft}
              configured={aiConfigured}
              onContent={({ imageAlt, ...c }) => {
                setContent(c)
                // the writer's proposed alt text fills an empty field only: an editor's own words stay
                if (imageAlt) setDraft((d) => (d.imageAlt.trim() ? d : { ...d, imageAlt }))
              }}
            />
            <SummaryEditor value={draft.content.summary} onChange={(summary) => setContent({ summary })} />
            <BodyEditor value={draft.content.body} onChange={(body) => setContent({ body })} />
            <fieldset className="grid-2 byline-fields">
              <legend>Byline</legend>
              <AuthorFields authors={authors} meta={draft.meta} authorId={draft.authorId} reviewerId={draft.reviewerId} onChange={set} issue={issue} />
              <label>
                Read time
                <input name="meta.readTime" value={draft.meta.readTime} placeholder="e.g. 5 min" onChange={(e) => set({ meta: { ...draft.meta, readTime: e.target.value } })} />
              </label>
            </fieldset>
          </>
        )}
        {type !== 'hero' && <MarketFields postId={saved?._id} market={draft.market} translationOf={draft.translationOf} onChange={set} issue={issue} statesOffers={articleStatesBonusFigures(draft)} />}
        <PublishingFields
          value={draft.publishing}
          onChange={(publishing) => set({ publishing })}
          item={saved && !heroOnly ? { kind: 'post', id: saved._id } : undefined}
          isNew={!editing}
          button={button}
          wasLive={wasLive}
          issue={issue('publishAt')}
        />
        {conflict.notice(busy)}
        {asking && (
          <div className="notice publish-check" role="alertdialog" aria-labelledby={`${fieldId}-ask`} data-testid="publish-check">
            <p id={`${fieldId}-ask`}>
              This {kindName[type]} has {listMissing(asking.missing)}. {asking.status === 'scheduled' || draft.publishing.status === 'scheduled' ? 'Schedule' : 'Publish'} it anyway?
            </p>
            <div className="actions">
              <button type="button" className="btn" ref={keepEditingRef} onClick={() => setAsking(null)}>
                Keep editing
              </button>
              <button type="button" className="btn" onClick={() => void save({ status: 'draft' })}>
                Save as draft
              </button>
              <button type="button" className="btn btn-primary" onClick={() => void save({ status: asking.status, confirmed: true })}>
                {draft.publishing.status === 'scheduled' ? 'Schedule anyway' : 'Publish anyway'}
              </button>
            </div>
          </div>
        )}
        <div className="actions form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || !draft.title.trim()}>
            {busy ? 'Saving…' : button}
          </button>
          {/* a live post leaves the site only by choosing Draft above: this button never unpublishes */}
          {!wasLive && (
            <button type="button" className="btn" disabled={busy || !draft.title.trim()} onClick={() => void save({ status: 'draft' })}>
              Save draft
            </button>
          )}
          {onCancel && editing && (
            <button type="button" className="btn" onClick={onCancel}>
              Cancel
            </button>
          )}
          <SaveState dirty={dirty} synced={autosave.synced} autosave={autosave.status} button={button} />
          <FailureBesideButtons error={error} labels={POST_FIELD_LABELS} />
        </div>
      </form>
    </>
  )
}
