import { describe, expect, it } from 'vitest'
import { errorHeadline, errorMessage } from './error-message.ts'

describe('error page message and title (spec §2 texts kept exactly)', () => {
  it.each([
    [{ is404: true, abortReason: 'Article not found.' }, 'Article not found.', 'Article not found'],
    [{ is404: true, abortReason: 'Brand not found' }, 'Brand not found', 'Brand not found'],
    [{ is404: true, abortReason: undefined }, 'Page not found.', 'Page not found'],
    [{ is404: false, abortReason: undefined }, 'Something went wrong. Please try again.', 'Something went wrong'],
  ])('%o', (pageContext, message, headline) => {
    expect(errorMessage(pageContext)).toBe(message)
    expect(errorHeadline(pageContext)).toBe(headline)
  })
})
