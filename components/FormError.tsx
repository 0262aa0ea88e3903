import { type RefObject, useId, useLayoutEffect, useRef } from 'react'
import type { FieldIssue } from './api-client.ts'

export type FormFailure = { text: string; issues: FieldIssue[]; spec?: string }

/** The server's words without the path it names ("Invalid publishAt: schedule at most a year ahead" → "schedule at most a year ahead"). */
const withoutPath = (message: string) => message.replace(/^Invalid [\w.]+: /, '')

/** What the server said of one field (by its path, or a field inside it), for the line under that field. */
export function issueAt(error: FormFailure | null, path: string): string | null {
  const found = error?.issues.find((i) => i.path === path || i.path.startsWith(`${path}.`))
  return found ? withoutPath(found.message) : null
}

/**
 * A form's failed save: the message (the spec's line and what the server said) as an alert, each refused
 * field listed under it, and the fields themselves marked (`aria-invalid`, described by this alert). A
 * field is found by its `name`: the issue's path (`dealBox.ctaUrl`) or its first segment (`dealBox`).
 */
// with the form's labels, a refused field is named as the editor knows it ("Publish at"), not by its path
const labelOf = (labels?: Record<string, string>) => (path: string) => labels?.[path] ?? labels?.[path.split('.')[0]!]

/** The line that says why a save was refused: the spec's words, then the first refused field by its label. */
export function failureText(error: FormFailure, labels?: Record<string, string>): string {
  const label = labelOf(labels)
  const first = error.issues[0]
  return labels && error.spec && first && label(first.path) ? `${error.spec}: ${label(first.path)}: ${withoutPath(first.message)}` : error.text
}

/**
 * The same line again beside the form's buttons, where the editor who pressed Save is looking (the alert
 * sits at the top of a long form). Not an alert itself: the one at the top is announced.
 */
export function FailureBesideButtons({ error, labels }: { error: FormFailure | null; labels?: Record<string, string> }) {
  if (!error) return null
  return (
    <span className="form-error-inline small" data-testid="save-refused">
      {failureText(error, labels)}
    </span>
  )
}

export function FormError({ error, formRef, labels, fieldOf = {} }: {
  error: FormFailure | null
  formRef: RefObject<HTMLFormElement | null>
  labels?: Record<string, string>
  /** a path whose field has another name (the spec's `tag` is typed into the `tags` field) */
  fieldOf?: Record<string, string>
}) {
  const id = useId()
  const focusedFor = useRef<FormFailure | null>(null)
  // before the browser paints: the alert and its fields' marks appear together (a passive effect
  // can run a frame later, and under Preact it does)
  useLayoutEffect(() => {
    const form = formRef.current
    if (!form) return
    const marked: Element[] = []
    for (const issue of error?.issues ?? []) {
      const path = fieldOf[issue.path] ?? issue.path
      const field = form.querySelector(`[name="${CSS.escape(path)}"]`) ?? form.querySelector(`[name="${CSS.escape(path.split('.')[0]!)}"]`)
      if (!field) continue
      field.setAttribute('aria-invalid', 'true')
      field.setAttribute('aria-describedby', id)
      marked.push(field)
    }
    // a refused save takes the editor to the first field it names (once per failure: not on every keystroke after)
    const first = marked[0] as HTMLElement | undefined
    if (error && focusedFor.current !== error && first) {
      focusedFor.current = error
      first.focus({ preventScroll: true })
      first.scrollIntoView({ block: 'center', behavior: 'instant' })
    }
    return () => {
      for (const field of marked) {
        field.removeAttribute('aria-invalid')
        field.removeAttribute('aria-describedby')
      }
    }
  }, [error, formRef, id, fieldOf])
  if (!error) return null
  const label = labelOf(labels)
  const text = failureText(error, labels)
  // one refused field is already named in the message; more are listed
  const listed = error.issues.length > 1 ? error.issues : []
  return (
    <div className="form-error" role="alert" id={id}>
      {text}
      {listed.length > 0 && (
        <ul className="form-issues">
          {listed.map((i) => (
            <li key={i.path}>
              {label(i.path) ? <strong>{label(i.path)}</strong> : <code>{i.path}</code>}: {labels ? withoutPath(i.message) : i.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
