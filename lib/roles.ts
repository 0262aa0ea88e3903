import * as z from 'zod'

/**
 * Account roles, most rights first; each has every right of the roles after it (docs/accounts.md,
 * "Roles and route access"). The manager is the brand/revenue manager: an editor who may also bring
 * revenue in (programme CSVs, exchange rates), which moves every figure the business is run on.
 */
export const roles = ['admin', 'manager', 'editor', 'user'] as const
export type Role = (typeof roles)[number]
export const roleSchema = z.enum(roles)

/** What each role may do, in a line (the Users screen and the CLI's help say it the same way). */
export const roleDescriptions: Record<Role, string> = {
  admin: 'everything, accounts, markets, media and the audit log included',
  manager: "an editor's rights, plus importing programmes' conversions and exchange rates (revenue)",
  editor: 'posts, brand pages, authors and info pages; reads the Earnings and Searches reports',
  user: 'no admin access (what a sign-up gets)',
}

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
