import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type * as z from 'zod'

/** zod-validator answering the project's `{ message, issues }` instead of a raw ZodError (DESIGN.md pitfalls). */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
      const first = issues[0]
      const message = first ? `Invalid ${first.path || target}: ${first.message}` : 'Invalid request'
      return c.json({ message, issues }, 400)
    }
  })
}
