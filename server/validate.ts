import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type * as z from 'zod'
import { AppError } from './errors.ts'

/**
 * zod-validator answering the project's `{ message, code, issues }` instead of a raw ZodError (docs/architecture.md,
 * "Known pitfalls"): it throws the one error type, so app.onError shapes this answer like every other.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
      const first = issues[0]
      throw new AppError('bad_request', first ? `Invalid ${first.path || target}: ${first.message}` : 'Invalid request', issues)
    }
  })
}
