import { GlobalRegistrator } from '@happy-dom/global-registrator'

/**
 * A page's globals (happy-dom) in a test that runs as server code: for component tests that answer the
 * page's fetch with the real app (`makeTestApp`), whose modules import Bun's own (`bun`, `bun:sqlite`) and
 * so cannot run in vitest's happy-dom environment, which transforms every module for a browser. Import it
 * first: Testing Library binds `screen` to the document when it is imported.
 */
if (!GlobalRegistrator.isRegistered) GlobalRegistrator.register({ url: 'http://localhost/' })
