/**
 * Entity schemas (spec §3), one file per domain: one definition serves the API, the CLI import and, as
 * types, the components. Import from here; the domains live in ./schemas/.
 */
export * from './schemas/common.ts'
export * from './schemas/posts.ts'
export * from './schemas/brands.ts'
export * from './schemas/terms.ts'
export * from './schemas/clicks.ts'
