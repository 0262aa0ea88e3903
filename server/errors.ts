/** The one error type services throw (docs/architecture.md, "Layers"); `app.onError` maps its code to a status. */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  // a save based on an older version than the stored one (server/editorial/edit-versions.ts): not a duplicate, a lost-update guard
  edit_conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  unavailable: 503,
  gateway_timeout: 504,
  // AI writing (server/content/ai-writer.ts): specific, so the editor can tell them apart without reading the text
  ai_not_configured: 503,
  ai_unreachable: 502,
  ai_timeout: 504,
  ai_invalid_content: 502,
} as const

export type ErrorCode = keyof typeof errorStatus

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: unknown,
    /** more fields for the answer's body, beside `message` and `code` (an edit conflict's `current`) */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'AppError'
  }
  get status() {
    return errorStatus[this.code]
  }
}

export const notFound = (message: string) => new AppError('not_found', message)
export const badRequest = (message: string, details?: unknown) => new AppError('bad_request', message, details)

/**
 * A refused input as the one 400 every write answers: the first issue names its field ("Invalid
 * language: must be a BCP 47 language tag…", or `subject` when it has no path), every issue listed for the
 * form to show at its field.
 */
export function invalidInput(err: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }, subject: string): AppError {
  const issues = err.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
  const first = issues[0]
  return new AppError('bad_request', first ? `Invalid ${first.path || subject}: ${first.message}` : `Invalid ${subject}`, issues)
}
