import * as z from 'zod'

/** Account roles, most rights first (docs/architecture.md, "Accounts and access"). */
export const roles = ['admin', 'editor', 'user'] as const
export type Role = (typeof roles)[number]
export const roleSchema = z.enum(roles)

/**
 * A role from anything untrusted (token claims, store records, backup files, CLI arguments). Anything
 * not in the list — including `constructor`, `__proto__` or `toString`, which an object lookup would
 * find — is null, and null has no rights.
 */
export function parseRole(value: unknown): Role | null {
  return typeof value === 'string' && (roles as readonly string[]).includes(value) ? (value as Role) : null
}

/** Whether `role` carries at least the rights of `needed`; an unknown role carries none. */
export function hasRole(role: unknown, needed: Role): boolean {
  const r = parseRole(role)
  return r !== null && roles.indexOf(r) <= roles.indexOf(needed)
}
