import { slugify } from './slug.ts'

/** A tag archive's path: `/tag/{slug}`. */
export const tagPath = (tag: string) => `/tag/${slugify(tag)}`
