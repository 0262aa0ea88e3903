import { randomBytes } from 'node:crypto'

export function slugify(text: string) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}

/** A readable id from `text` that `taken` says is free: the slug, or the slug plus a short suffix. */
export async function freeSlug(text: string, taken: (id: string) => Promise<boolean>) {
  const base = slugify(text) || randomBytes(6).toString('hex')
  if (!(await taken(base))) return base
  for (;;) {
    const candidate = `${base}-${randomBytes(3).toString('hex')}`
    if (!(await taken(candidate))) return candidate
  }
}
