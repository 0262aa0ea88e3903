import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// Component tests pick happy-dom with a `// @vitest-environment happy-dom` pragma;
// everything else (HTTP, storage, units) runs in the plain Bun environment.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'dist', 'e2e'],
    setupFiles: ['./test/setup.ts'],
    pool: 'threads',
    testTimeout: 20_000,
  },
})
