import { afterEach, vi } from 'vitest'

// A console.error in a test is a failure unless the test expects it (CONVENTIONS.md, "Tests").
let errors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}
afterEach(() => {
  const seen = errors
  errors = []
  vi.restoreAllMocks()
  if (seen.length && !(globalThis as { __allowConsoleError?: boolean }).__allowConsoleError) {
    throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`)
  }
})

// Testing Library unmounts between tests only when told to (vitest globals are off).
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react')
  afterEach(() => cleanup())
}
