import { authFetch } from './account/session.ts'

/** One field the server refused: `path` is the field's dotted path in the request (`dealBox.ctaUrl`, `content.body.0.headline`). */
export type FieldIssue = { path: string; message: string }

/**
 * A refused or failed call, as the server answered it: every error answer is `{ message, code }`
 * (codes: docs/api.md, "Error codes"), plus `issues` when fields were refused. Screens branch on `code`,
 * never on the message's wording.
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly issues: FieldIssue[] = [],
    /** whether the server said what went wrong (an answer with a message), not only a status */
    public readonly explained = false,
    /** the whole answer, for codes that carry more (an edit conflict's `current`) */
    public readonly body: Record<string, unknown> | null = null,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

const isIssue = (i: unknown): i is FieldIssue => typeof i === 'object' && i !== null && typeof (i as FieldIssue).path === 'string' && typeof (i as FieldIssue).message === 'string'

/**
 * The admin screens' one way to call the API: the bearer token (a 401 refreshes once, then logs out),
 * JSON bodies as JSON (a FormData body goes as multipart), the parsed answer, or an `ApiError`.
 */
export async function apiCall<T>(path: string, init: RequestInit = {}): Promise<T> {
  const json = typeof init.body === 'string'
  const res = await authFetch(path, json ? { ...init, headers: { 'content-type': 'application/json', ...init.headers } } : init)
  const body = (await res.json().catch(() => null)) as { message?: unknown; code?: unknown; issues?: unknown } | null
  if (!res.ok) {
    const explained = typeof body?.message === 'string' && body.message.length > 0
    const message = explained ? (body!.message as string) : `Request failed (${res.status})`
    const code = typeof body?.code === 'string' ? body.code : 'unknown'
    throw new ApiError(res.status, code, message, Array.isArray(body?.issues) ? body.issues.filter(isIssue) : [], explained, body && typeof body === 'object' ? (body as Record<string, unknown>) : null)
  }
  return body as T
}

/** The header that makes a save conditional on the version it was based on (docs/api.md, "Edit conflicts"). */
export const ifMatch = (version: string | null | undefined): Record<string, string> => (version ? { 'if-match': `"${version}"` } : {})

/** A save refused because someone saved a newer version since the form was loaded: who, when, and the server's words. */
export type EditConflict = { message: string; updatedAt: string; updatedBy: string | null }

export function editConflictOf(err: unknown): EditConflict | null {
  if (!(err instanceof ApiError) || err.code !== 'edit_conflict') return null
  const current = (err.body?.current ?? {}) as { updatedAt?: unknown; updatedBy?: unknown }
  return { message: err.message, updatedAt: typeof current.updatedAt === 'string' ? current.updatedAt : '', updatedBy: typeof current.updatedBy === 'string' ? current.updatedBy : null }
}

/** What a form shows for a failed save: the spec's line, then what the server said (when it said anything). */
export function saveFailure(specMessage: string, err: unknown): { text: string; issues: FieldIssue[]; spec: string } {
  if (err instanceof ApiError && err.explained) return { text: `${specMessage}: ${err.message}`, issues: err.issues, spec: specMessage }
  return { text: specMessage, issues: [], spec: specMessage }
}
