/**
 * `bun run home-js`: the gzipped JavaScript public pages load (their scripts and module preloads, each
 * gzipped at level 9 as served): the home page, a brand page with facts, a review and a bonus code, and a
 * guide with a comparison table, against the goal (40 KB each, issue 37) and the budget each is held to
 * meanwhile (scripts/js-budget.ts); exits 1 when a page is over its budget. `--files`: file by file.
 */
import { JS_BUDGET, JS_GOAL, pageScripts } from './js-budget.ts'
import { startProductionServer } from './production-server.ts'

const server = await startProductionServer({ label: 'home-js', portBase: 5200 })
let over = 0
try {
  for (const path of Object.keys(JS_BUDGET)) {
    const page = await pageScripts(server.baseUrl, path)
    if (process.argv.includes('--files')) for (const f of page.files) console.log(`${String(f.gzip).padStart(7)}  ${f.src}`)
    const verdict = page.total > page.budget ? 'OVER BUDGET' : page.total > JS_GOAL ? 'within budget, goal not met' : 'goal met'
    if (page.total > page.budget) over++
    console.log(
      `${path}: ${page.files.length} files, ${page.total.toLocaleString('en')} bytes gzipped = ${(page.total / 1024).toFixed(1)} KiB (budget ${page.budget.toLocaleString('en')}, goal ${JS_GOAL.toLocaleString('en')}: ${verdict})`,
    )
  }
} finally {
  await server.stop()
}
if (over) process.exit(1)
