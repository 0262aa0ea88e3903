import { defineConfig } from 'vitest/config'

// Browser and raw-HTTP tests against a running production server (started by e2e/run.ts).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    pool: 'threads',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
