import { type FormEvent, type KeyboardEvent, type RefObject, useEffect, useRef } from 'react'

/** Input types where Enter starts the browser's implicit submission (HTML's "implicit submission"). */
const ACTIVATES = new Set(['submit', 'button', 'image', 'reset', 'file'])

/**
 * The keys of an editing form (posts, brands, info pages, authors, markets, settings):
 * - Enter in a single-line field never submits it. Browsers submit a form when Enter is pressed in any
 *   of its text fields, and a form whose main button publishes (spec §7: Add publishes) then puts a
 *   half-written page live. Buttons, text areas and fields that use Enter themselves (tag inputs) keep it.
 * - Ctrl/Cmd+S saves (`onSave`), instead of the browser's "save page as".
 * Put it on the form: `<form onKeyDown={(e) => editorKeys(e, saveKeepingStatus)}>`.
 */
export function editorKeys(e: KeyboardEvent<HTMLElement>, onSave?: () => void) {
  if (onSave && isSaveKey(e)) {
    e.preventDefault()
    onSave()
    return
  }
  if (e.key !== 'Enter' || e.defaultPrevented || e.nativeEvent.isComposing) return
  const target = e.target
  if (target instanceof HTMLInputElement && !ACTIVATES.has(target.type)) e.preventDefault()
}

/**
 * An editing form's own props: a submit that saves (the browser's validation first), and its keys
 * (Enter never submits, Ctrl/Cmd+S saves like the main button). `<form {...editorForm(ref, save)}>`.
 */
export function editorForm(ref: RefObject<HTMLFormElement | null>, save: () => unknown) {
  return {
    ref,
    onSubmit: (e: FormEvent) => {
      e.preventDefault()
      void save()
    },
    onKeyDown: (e: KeyboardEvent<HTMLFormElement>) => editorKeys(e, () => ref.current?.requestSubmit()),
  }
}

/** Ctrl+S, or Cmd+S on a Mac. */
const isSaveKey = (e: { ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean; key: string }) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's'

/**
 * Ctrl/Cmd+S saves the page's open form wherever focus is — on the page itself after a click beside a
 * field, in the post list's filter — instead of opening the browser's "save page as". A form that has
 * focus answers its own keys first (`editorKeys`), so a page with several forms saves the one in use.
 * For the page's main form only (the post editor, the brand form).
 */
export function useSaveShortcut(onSave: () => void) {
  const latest = useRef(onSave)
  latest.current = onSave
  useEffect(() => {
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || !isSaveKey(e)) return
      e.preventDefault()
      latest.current()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}
