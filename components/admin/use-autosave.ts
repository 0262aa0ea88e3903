import { useEffect, useRef, useState } from 'react'
import type { RevisionJson } from '../../lib/revisions.ts'
import type { Post, PostType } from '../../lib/schemas.ts'
import { ApiError, editConflictOf } from '../api-client.ts'
import { adminApi } from './api.ts'
import { type PostDraft, toPayload } from './post-draft.ts'

/** How long after the last keystroke the form saves itself (component tests shorten it rather than wait). */
export const autosaveTiming = { delayMs: 3_000 }

/** Where the server copy of the typed text stands, for the line beside the buttons. */
export type AutosaveState =
  | { state: 'idle' }
  | { state: 'saving' }
  /** `applied`: the draft itself holds it; otherwise it waits beside the live post until the editor saves */
  | { state: 'saved'; at: string; applied: boolean }
  | { state: 'failed'; message: string }

/**
 * Drafts follow the editor (docs/drafts-and-revisions.md, "Autosave"): an existing post's form saves
 * itself to the server a few seconds (`autosaveTiming`) after the last change — never while a save or another autosave
 * is in flight, and never while an edit conflict is open. Each autosave names the version it was typed on
 * (If-Match), so a stale one is refused and `onConflict` shows it; a draft's autosave moves that version
 * on (`version()`, which the form's own save then names). It never sends a status change the server
 * would act on: the server ignores the status of an autosave. The local copy in this browser stays too.
 */
export function useServerAutosave(opts: {
  type: PostType
  /** the post as loaded; null for a new one (not autosaved: it has no address yet) */
  saved: Post | null
  draft: PostDraft
  /** a save of the form is in flight */
  busy: boolean
  /** an edit conflict is open: nothing is sent until it is settled */
  paused: boolean
  onConflict: (err: unknown) => void
  delayMs?: number
}) {
  const { saved, type } = opts
  const version = useRef(saved?.updatedAt)
  const server = useRef<Post | null>(saved)
  const payload = autosaved(opts.draft, type)
  // what the server holds: at first the post as opened (so opening a post sends nothing)
  const lastSent = useRef<string | null>(null)
  if (lastSent.current === null) lastSent.current = saved ? payload : ''
  const inFlight = useRef<Promise<void> | null>(null)
  // an uploaded image (a data URL in the form) is stored once: later autosaves send the address it got
  const uploaded = useRef<{ data: string; url: string } | null>(null)
  // the form's own save holds this from its start (set at once, not at the next render)
  const holding = useRef(false)
  const busy = useRef(opts.busy)
  busy.current = opts.busy || holding.current
  const latest = useRef(opts)
  latest.current = opts
  const [status, setStatus] = useState<AutosaveState>({ state: 'idle' })
  const enabled = Boolean(saved && saved.type === type)

  async function send(): Promise<void> {
    const { draft, paused } = latest.current
    const body = autosaved(draft, type)
    if (!saved || paused || body === lastSent.current || !draft.title.trim()) return
    setStatus({ state: 'saving' })
    try {
      const image = uploaded.current?.data === draft.image ? uploaded.current.url : draft.image
      const res = await adminApi.autosave(saved._id, type, { ...draft, image }, version.current)
      lastSent.current = body
      if (draft.image.startsWith('data:') && res.image) uploaded.current = { data: draft.image, url: res.image }
      if (res.applied) {
        version.current = res.post.updatedAt
        server.current = res.post
      }
      setStatus({ state: 'saved', at: res.at, applied: res.applied })
    } catch (err) {
      if (editConflictOf(err)) {
        setStatus({ state: 'idle' })
        latest.current.onConflict(err)
      } else setStatus({ state: 'failed', message: err instanceof ApiError ? err.message : 'Autosave failed: your text is kept in this browser' })
    }
  }

  useEffect(() => {
    if (!enabled || opts.paused || payload === lastSent.current) return
    let timer: ReturnType<typeof setTimeout>
    const attempt = () => {
      // one request at a time, and never beside the form's own save: wait, then try again
      if (inFlight.current || busy.current || holding.current) {
        timer = setTimeout(attempt, 500)
        return
      }
      inFlight.current = send().finally(() => {
        inFlight.current = null
      })
    }
    timer = setTimeout(attempt, opts.delayMs ?? autosaveTiming.delayMs)
    return () => clearTimeout(timer)
  }, [payload, enabled, opts.paused]) // eslint-disable-line react-hooks/exhaustive-deps -- `send` reads the latest through refs

  return {
    status,
    /** the version the next save names: the loaded post's, or the one a draft's autosave made */
    version: () => version.current,
    /** the post as the server holds it now (after a draft's autosave, that one) */
    server: () => server.current,
    /** whether the server holds exactly what the form does (the draft, or an autosave beside the live post) */
    synced: enabled && payload === lastSent.current,
    /** runs the form's save after any autosave in flight, none starting meanwhile (a save must not race one and refuse itself as a conflict) */
    exclusive: async <T,>(save: () => Promise<T>): Promise<T> => {
      holding.current = true
      try {
        await inFlight.current
        return await save()
      } finally {
        holding.current = false
      }
    },
    /** an autosave loaded into the form is what the server holds: not sent again */
    adopt: (d: PostDraft) => {
      lastSent.current = autosaved(d, type)
    },
  }
}

/** What an autosave keeps of the form, to tell whether it changed: not its status, time or address (an autosave never changes those). */
function autosaved(draft: PostDraft, type: PostType): string {
  const { status: _s, publishAt: _p, slug: _sl, ...fields } = toPayload(draft, type) as ReturnType<typeof toPayload> & { publishAt?: string; slug?: string }
  return JSON.stringify(fields)
}

/** The autosave waiting on a live or scheduled post, when it holds something else than the post (null otherwise). */
export async function pendingAutosave(post: Post | null): Promise<RevisionJson | null> {
  if (!post || post.status === 'draft') return null
  try {
    return (await adminApi.pendingAutosave(post._id)).autosave ?? null
  } catch {
    return null
  }
}
