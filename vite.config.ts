import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig, type Plugin } from 'vite'

// What every page loads before its own code: React, Vike's client router and the layout (pages/+Layout.tsx
// and the other global +files, with what they import), and the image markup (ResponsiveImage with
// lib/images.ts): nearly every public page shows images, and as a file of its own it cost the home page
// ~230 bytes more gzipped (105,307 → 105,078 bytes inside this chunk).
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|vike|vike-react|@brillout)[\\/]|virtual:vike:global-entry:client|[\\/]pages[\\/]\+[^\\/]+$|[\\/]components[\\/]ResponsiveImage\.tsx$|[\\/]lib[\\/](images|media-refs)\.ts$/

/**
 * One browser chunk for what every page loads anyway. Left to itself Rolldown splits it into four
 * files by which entries import what, and each is gzipped on its own; as one file it is 1.3 KB smaller
 * gzipped (home page 103,846 → 102,572 bytes of JavaScript, measured as bench/run.ts does) and no page
 * loads anything it did not load before. The price: a change to the layout also renames React's chunk.
 * Client only: the server bundle keeps its own splitting.
 */
function frameworkChunk(): Plugin {
  return {
    name: 'gamewise:framework-chunk',
    configEnvironment(name) {
      if (name !== 'client') return
      return { build: { rolldownOptions: { output: { manualChunks: (id: string) => (FRAMEWORK.test(id) ? 'framework' : undefined) } } } }
    },
  }
}

export default defineConfig({
  plugins: [vike(), react(), frameworkChunk()],
  // server-only modules never reach the browser bundle
  build: { target: 'es2022' },
})
