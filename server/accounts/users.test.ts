import { APIError } from 'better-auth/api'
import { describe, expect, it } from 'vitest'
import { fromAuthError } from './users.ts'

describe('better-auth errors under our status mapping', () => {
  it('maps better-auth’s own API errors by status', () => {
    expect(fromAuthError(new APIError('CONFLICT', { message: 'User already exists' }), 'x')).toMatchObject({ code: 'conflict' })
    expect(fromAuthError(new APIError('UNAUTHORIZED', { message: 'no' }), 'Invalid credentials')).toMatchObject({ code: 'unauthorized', message: 'Invalid credentials' })
  })

  // its request validation throws better-call's base APIError, which is not better-auth's class: that was a 500 (found by the route fuzz)
  it('maps a validation error thrown as better-call’s base class to 400, not 500', () => {
    const err = Object.assign(new Error('[body.email] Invalid email address'), { name: 'APIError', status: 'BAD_REQUEST', statusCode: 400, body: { message: '[body.email] Invalid email address', code: 'VALIDATION_ERROR' } })
    expect(fromAuthError(err, 'Failed to create account')).toMatchObject({ code: 'bad_request', message: '[body.email] Invalid email address' })
  })

  it('keeps anything else a 500 with the fallback message', () => {
    expect(fromAuthError(new TypeError('boom'), 'Failed to create account')).toMatchObject({ code: 'internal', message: 'Failed to create account' })
  })
})
