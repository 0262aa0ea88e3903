import type { Plugin } from 'vite'

/** Vike's runtime checks whose second argument is a message for the developer. */
const CHECKS = new Set(['assertUsage', 'assertWarning', 'assertInfo'])
const VIKE_DIST = /[\\/]node_modules[\\/]vike[\\/]dist[\\/]/

type Node = { type: string; start: number; end: number; [key: string]: unknown }

function* calls(node: unknown): Generator<Node> {
  if (!node || typeof node !== 'object') return
  if (Array.isArray(node)) {
    for (const child of node) yield* calls(child)
    return
  }
  const n = node as Node
  if (n.type === 'CallExpression') yield n
  for (const key in n) if (key !== 'type' && key !== 'start' && key !== 'end') yield* calls(n[key])
}

/**
 * Vike's client router carries its developer messages (how to use its API, what a config should look
 * like) into every visitor's download: about 5 KB of the shared entry's 46 KB gzipped, for errors a
 * visitor never sees when the site is built right. In production browser builds each message of
 * `assertUsage`/`assertWarning`/`assertInfo` becomes a short tag naming where it was (`vike:<file>#<n>`: the n-th check in Vike's dist file of that name);
 * the check itself stays and still throws or warns. `bun run dev` keeps the full messages (this runs
 * for `vite build` only), and the server bundle keeps them too.
 */
export function shortVikeMessages(): Plugin {
  return {
    name: 'gamewise:short-vike-messages',
    apply: 'build',
    transform(code, id) {
      if (this.environment.name !== 'client' || !VIKE_DIST.test(id)) return
      if (!/assert(Usage|Warning|Info)\(/.test(code)) return
      const ast = this.parse(code)
      const edits: [start: number, end: number, text: string][] = []
      const file = id.replace(/^.*[\\/]/, '').replace(/\.js$/, '')
      let n = 0
      for (const call of calls(ast)) {
        const callee = call.callee as Node & { name?: string }
        const args = call.arguments as Node[]
        if (callee.type !== 'Identifier' || !CHECKS.has(callee.name!) || args.length < 2) continue
        const message = args[1]!
        if (edits.some(([start, end]) => call.start >= start && call.start < end)) continue // inside a message already replaced
        if (message.type === 'Literal' && String((message as Node & { value?: unknown }).value).length < 24) continue
        edits.push([message.start, message.end, JSON.stringify(`vike:${file}#${++n}`)])
      }
      if (!n) return
      let out = code
      for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end)
      // no source map: production browser builds ship none
      return { code: out, map: null }
    },
  }
}
