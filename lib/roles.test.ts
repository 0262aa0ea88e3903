import { describe, expect, it } from 'vitest'
import { hasRole, parseRole } from './roles.ts'

describe('roles fail closed', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'Admin', 'superadmin', '', ' editor', 'Manager', 'manager '])('%j is no role and has no rights', (role) => {
    expect(parseRole(role)).toBeNull()
    expect(hasRole(role, 'user')).toBe(false)
    expect(hasRole(role, 'editor')).toBe(false)
    expect(hasRole(role, 'manager')).toBe(false)
  })
  it.each([null, undefined, 1, {}, ['admin']])('a non-string (%j) has no rights', (role) => {
    expect(hasRole(role, 'user')).toBe(false)
  })
  it('orders admin ⊃ manager ⊃ editor ⊃ user', () => {
    expect(hasRole('admin', 'editor')).toBe(true)
    expect(hasRole('admin', 'manager')).toBe(true)
    expect(hasRole('manager', 'manager')).toBe(true)
    expect(hasRole('manager', 'editor')).toBe(true) // a brand/revenue manager edits content and brands too
    expect(hasRole('manager', 'admin')).toBe(false)
    expect(hasRole('editor', 'manager')).toBe(false)
    expect(hasRole('user', 'manager')).toBe(false)
    expect(hasRole('editor', 'editor')).toBe(true)
    expect(hasRole('editor', 'admin')).toBe(false)
    expect(hasRole('user', 'editor')).toBe(false)
    expect(hasRole('user', 'user')).toBe(true)
  })
})
