import { describe, expect, it } from 'vitest'
import { changedFields } from './audit.ts'

describe('changedFields: the summary an audit entry keeps (issue 13)', () => {
  it('names changed fields, with before → after for short scalars, nested objects one level down', () => {
    const before = { title: 'Old', rating: 4.1, enableGaid: false, dealBox: { ctaUrl: 'https://a.example/go', ctaLabel: 'Play' }, updatedAt: '2026-01-01' }
    const after = { title: 'New', rating: 4.1, enableGaid: true, dealBox: { ctaUrl: 'https://b.example/go', ctaLabel: 'Play' }, updatedAt: '2026-02-01' }
    expect(changedFields(before, after)).toEqual([
      { field: 'dealBox.ctaUrl', from: 'https://a.example/go', to: 'https://b.example/go' },
      { field: 'enableGaid', from: false, to: true },
      { field: 'title', from: 'Old', to: 'New' },
    ])
  })

  it('long or structured values are named only, never copied', () => {
    const long = 'x'.repeat(500)
    expect(changedFields({ description: 'short', content: { body: [1] } }, { description: long, content: { body: [2] } })).toEqual([{ field: 'content.body' }, { field: 'description' }])
  })

  it('a created record lists its fields with their values; a deleted one with what they were', () => {
    expect(changedFields(null, { status: 'draft', _id: 'a', createdAt: 'x' })).toEqual([{ field: 'status', to: 'draft' }])
    expect(changedFields({ status: 'draft' }, null)).toEqual([{ field: 'status', from: 'draft' }])
  })

  it('never mentions a password, secret, token, hash or key, by value or by name', () => {
    const changes = changedFields(
      { password: 'old-pass-1', apiKey: 'k1', settings: { authSecret: 's1', refreshToken: 't1' }, passwordHash: 'h1', role: 'editor' },
      { password: 'new-pass-2', apiKey: 'k2', settings: { authSecret: 's2', refreshToken: 't2' }, passwordHash: 'h2', role: 'admin' },
    )
    expect(changes).toEqual([{ field: 'role', from: 'editor', to: 'admin' }])
    expect(JSON.stringify(changes)).not.toMatch(/pass|k1|k2|s1|s2|t1|t2|h1|h2/)
  })
})
