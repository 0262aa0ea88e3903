import { type RefObject, useId, useLayoutEffect } from 'react'
import type { FieldIssue } from './api-client.ts'

export type FormFailure = { text: string; issues: FieldIssue[] }

/**
 * A form's failed save: the message (the spec's line and what the server said) as an alert, each refused
 * field listed under it, and the fields themselves marked (`aria-invalid`, described by this alert). A
 * field is found by its `name`: the issue's path (`dealBox.ctaUrl`) or its first segment (`dealBox`).
 */
export function FormError({ error, formRef }: { error: FormFailure | null; formRef: RefObject<HTMLFormElement | null> }) {
  const id = useId()
  // before the browser paints: the alert and its fields' marks appear together (a passive effect
  // can run a frame later, and under Preact it does)
  useLayoutEffect(() => {
    const form = formRef.current
    if (!form) return
    const marked: Element[] = []
    for (const issue of error?.issues ?? []) {
      const field = form.querySelector(`[name="${CSS.escape(issue.path)}"]`) ?? form.querySelector(`[name="${CSS.escape(issue.path.split('.')[0])}"]`)
      if (!field) continue
      field.setAttribute('aria-invalid', 'true')
      field.setAttribute('aria-describedby', id)
      marked.push(field)
    }
    return () => {
      for (const field of marked) {
        field.removeAttribute('aria-invalid')
        field.removeAttribute('aria-describedby')
      }
    }
  }, [error, formRef, id])
  if (!error) return null
  // one refused field is already named in the message; more are listed
  const listed = error.issues.length > 1 ? error.issues : []
  return (
    <div className="form-error" role="alert" id={id}>
      {error.text}
      {listed.length > 0 && (
        <ul className="form-issues">
          {listed.map((i) => (
            <li key={i.path}>
              <code>{i.path}</code>: {i.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
