import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { keysIn } from '../../scripts/build/catalog-by-chunk.ts'
import { en } from './en.ts'

const root = join(import.meta.dirname, '../..')
/** Keys only the server translates (the text reaches the browser, not the key). */
const SERVER_ONLY = new Set(['compare.more'])

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sources(path)
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !relative(root, path).startsWith('lib/i18n/')) yield path
  }
}

describe('the English catalog by chunk (scripts/build/catalog-by-chunk.ts)', () => {
  it('finds keys written out and every key under a prefix put together, and nothing else', () => {
    expect(keysIn(`t('offers.play'); const x = "not.a.key"; t(\`footer.group.\${g}\`)`)).toEqual([
      ...Object.keys(en).filter((k) => k.startsWith('footer.group.')),
      'offers.play',
    ].sort())
  })

  it('finds every key of the catalog in the code that shows it, so no browser page misses a message', () => {
    const found = new Set<string>()
    for (const dir of ['components', 'pages', 'lib']) for (const file of sources(join(root, dir))) for (const key of keysIn(readFileSync(file, 'utf8'))) found.add(key)
    // a key not found would be missing in the browser: its module would not bring it
    expect(Object.keys(en).filter((k) => !found.has(k) && !SERVER_ONLY.has(k))).toEqual([])
  })
})
