/**
 * `bun scripts/import-cycles.ts`: every import cycle among the project's own TypeScript files, type-only
 * imports included (a type cycle still ties the files' meanings together, and a later value import
 * would turn it into an initialisation-order bug). Prints each cycle and exits 1 when there is one.
 * `test/import-cycles.test.ts` runs it in CI.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SKIP = new Set(['node_modules', 'dist', '.git', 'data', 'coverage'])
const DIRS = ['server', 'db', 'lib', 'components', 'pages', 'cli', 'scripts', 'bench', 'e2e', 'test']

function walk(dir: string, out: string[]) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path, out)
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(path)
  }
}

// import … from '…', import type … from '…', export … from '…', import('…'), side-effect imports
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const found: string[] = []
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2]
    if (!spec || !spec.startsWith('.')) continue
    const base = resolve(dirname(file), spec)
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
      if (existsSync(candidate) && statSync(candidate).isFile()) {
        found.push(candidate)
        break
      }
    }
  }
  return found
}

/** Strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
export function findCycles(files: string[], edges: Map<string, string[]>): string[][] {
  let index = 0
  const stack: string[] = []
  const on = new Set<string>()
  const idx = new Map<string, number>()
  const low = new Map<string, number>()
  const out: string[][] = []
  const visit = (v: string) => {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    on.add(v)
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!))
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = []
      let w: string
      do {
        w = stack.pop()!
        on.delete(w)
        scc.push(w)
      } while (w !== v)
      if (scc.length > 1 || (edges.get(v) ?? []).includes(v)) out.push(scc.sort())
    }
  }
  for (const f of files) if (!idx.has(f)) visit(f)
  return out
}

export function projectCycles(): string[][] {
  const files: string[] = []
  for (const d of DIRS) if (existsSync(join(ROOT, d))) walk(join(ROOT, d), files)
  const edges = new Map(files.map((f) => [f, importsOf(f)]))
  return findCycles(files, edges).map((c) => c.map((f) => relative(ROOT, f)))
}

if (import.meta.main) {
  const cycles = projectCycles()
  for (const c of cycles) console.log(`cycle of ${c.length} files:\n  ${c.join('\n  ')}`)
  console.log(cycles.length ? `${cycles.length} import cycles` : 'no import cycles')
  process.exit(cycles.length ? 1 : 0)
}
