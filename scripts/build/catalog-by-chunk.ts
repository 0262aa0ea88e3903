import { join } from 'node:path'
import type { Plugin } from 'vite'
import { en } from '../../lib/i18n/en.ts'

const CATALOG_FILE = JSON.stringify(join(import.meta.dirname, '../../lib/i18n/en.ts'))

const CATALOG = /[\\/]lib[\\/]i18n[\\/]en\.ts$/
const OWN_SOURCE = /^(?!.*[\\/]node_modules[\\/]).*[\\/](components|pages|lib)[\\/].*\.(ts|tsx)$/
const I18N = /[\\/]lib[\\/]i18n[\\/]/
/** a key written out: 'offers.play' */
const LITERAL = /(['"`])([a-zA-Z]+(?:\.[A-Za-z0-9_]+)+)\1/g
/** a key put together: `footer.item.${item}` */
const PREFIX = /`([a-zA-Z]+\.(?:[A-Za-z0-9_]+\.)*)\$\{/g

const KEYS = Object.keys(en) as (keyof typeof en)[]
const KNOWN = new Set<string>(KEYS)

/** The catalog's keys a module's source names: written out, or every key under a prefix it puts a key together from. */
export function keysIn(code: string): string[] {
  const found = new Set<string>()
  for (const [, , key] of code.matchAll(LITERAL)) if (KNOWN.has(key!)) found.add(key!)
  for (const [, prefix] of code.matchAll(PREFIX)) for (const key of KEYS) if (key.startsWith(prefix!)) found.add(key)
  return [...found].sort()
}

/**
 * The English catalog by chunk, in production browser builds (issue 37): instead of the whole catalog in
 * the entry every page loads (254 messages, 3.5 KB gzipped), each module brings the messages it names, so a
 * page's scripts carry its own words and the layout's, and the consent dialog's, the search page's or the
 * review's words come with the code that shows them. `lib/i18n/en.ts` becomes an empty object the modules
 * fill as they load (before the page renders: a module's imports run first, and a page renders after its
 * chunks have loaded). A key is found as written out (`t('offers.play')`, `'offerType.new'` in a table) or
 * by the prefix of a key put together (`` t(`footer.item.${item}`) `` brings every `footer.item.` key).
 * German pages load their whole catalog as before (lib/i18n/index.ts). `bun run dev`, the server and the
 * tests keep the whole catalog; `lib/i18n/catalog-by-chunk.test.ts` checks that every key the code uses
 * is found this way.
 */
export function catalogByChunk(): Plugin {
  return {
    name: 'gamewise:catalog-by-chunk',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (this.environment.name !== 'client') return
      const file = id.split('?')[0]!
      if (CATALOG.test(file)) return { code: 'export const en = {}', map: null }
      if (!OWN_SOURCE.test(file) || I18N.test(file)) return
      const keys = keysIn(code)
      if (!keys.length) return
      const messages = Object.fromEntries(keys.map((k) => [k, (en as Record<string, string>)[k]]))
      return { code: `${code}\nimport { en as __catalog } from ${CATALOG_FILE}\nObject.assign(__catalog, ${JSON.stringify(messages)})\n`, map: null }
    },
  }
}
