/**
 * A URL slug as it is typed: the same letters slugify keeps, each run of anything else (a space) one
 * hyphen at once, so "Hollow Knight Speedrun" reads hollow-knight-speedrun while it is typed. A hyphen
 * at the end stays (the next word is coming); slugify trims it when the field is left.
 */
export function slugAsTyped(text: string) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 80)
}

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

/** `bytes` random bytes as hex (Web Crypto: this module also runs in the browser, which has no node:crypto). */
const randomHex = (bytes: number) => [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('')

/** A readable id from `text` that `taken` says is free: the slug, or the slug plus a short suffix. */
export async function freeSlug(text: string, taken: (id: string) => Promise<boolean>) {
  const base = slugify(text) || randomHex(6)
  if (!(await taken(base))) return base
  for (;;) {
    const candidate = `${base}-${randomHex(3)}`
    if (!(await taken(candidate))) return candidate
  }
}
