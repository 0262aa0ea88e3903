import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { projectCycles } from '../scripts/import-cycles.ts'

/**
 * The shape of the code, checked rather than hoped for (docs/architecture.md): no import cycles, type-only
 * ones included; no source file over 400 lines; store filters (MongoDB's query language) only in db/;
 * one call per capability in the composition root.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const SOURCE_DIRS = ['server', 'db', 'lib', 'components', 'pages', 'cli', 'scripts', 'bench']

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) files(path, out)
    else out.push(relative(ROOT, path))
  }
  return out
}
const source = SOURCE_DIRS.flatMap((d) => files(join(ROOT, d))).filter((f) => /\.(ts|tsx|css)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'))

describe('the shape of the code', () => {
  it('has no import cycles, type-only imports included (bun scripts/import-cycles.ts lists them)', () => {
    expect(projectCycles()).toEqual([])
  })

  it('has no source file over 400 lines, tests and demo data aside', () => {
    const long = source
      .filter((f) => !f.startsWith('server/demo/'))
      .map((f) => [f, readFileSync(join(ROOT, f), 'utf8').split('\n').length] as const)
      .filter(([, n]) => n > 400)
    expect(long).toEqual([])
  })

  it('builds store filters (MongoDB query operators) only in db/: services ask repositories in their own terms', () => {
    const operator = /['"]?\$(and|or|nor|in|nin|gte?|lte?|ne|exists|size|elemMatch|regex|set|unset|inc|setOnInsert)['"]?\s*:/
    const outside = source.filter((f) => !f.startsWith('db/') && !f.endsWith('.css') && operator.test(readFileSync(join(ROOT, f), 'utf8')))
    expect(outside).toEqual([])
  })

  it('wires each capability with one call in server/context.ts', () => {
    const context = readFileSync(join(ROOT, 'server/context.ts'), 'utf8')
    for (const capability of ['Media', 'Markets', 'Editorial', 'Brands', 'Content', 'Search', 'Accounts', 'Attribution', 'Operations']) {
      expect(context.match(new RegExp(`\\bcreate${capability}\\(`, 'g'))?.length ?? 0, capability).toBe(1)
    }
    // and nothing else builds a service there beside the audit log every capability writes to
    expect(context.match(/\bcreate\w+Service\(/g)).toEqual(['createAuditService('])
  })
})
