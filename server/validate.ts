import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type * as z from 'zod'
import { invalidInput } from './errors.ts'

/**
 * zod-validator answering the project's `{ message, code, issues }` instead of a raw ZodError (docs/architecture.md,
 * "Known pitfalls"): it throws the one error type, so app.onError shapes this answer like every other.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw invalidInput(result.error, target)
    }
  })
}
