import { extname } from 'node:path'
import { type Command, Option } from 'commander'
import { AI_SECTION_CHOICES } from '../../lib/ai-writing.ts'
import { parseCsv } from '../../lib/csv.ts'
import type { ReadablePostType } from '../../lib/schemas.ts'
import type { AppContext } from '../../server/context.ts'
import { type CliHelpers, CliError, readInput } from '../output.ts'

const typeOption = new Option('--type <type>', 'the kind of post').choices(['article', 'featured', 'articleBottom']).default('article')
const sectionsArg = (v: string) => {
  const n = Number(v)
  if (!(AI_SECTION_CHOICES as readonly number[]).includes(n)) throw new CliError(`--sections must be 3, 5 or 7, not "${v}"`)
  return n
}

async function generateOne(ctx: AppContext, item: { title: string; type: ReadablePostType; sections: number }, save: boolean) {
  const content = await ctx.services.ai.generate({ title: item.title, kind: item.type, sections: item.sections })
  const post = save ? await ctx.services.posts.create(item.type, { title: item.title, content }) : null
  return { title: item.title, type: item.type, content, saved: post?._id ?? null }
}

function batchItems(file: string, fallback: { type: ReadablePostType; sections: number }) {
  const text = readInput(file)
  const firstLine = text.split('\n', 1)[0].toLowerCase()
  if (extname(file).toLowerCase() === '.csv' || /^title\s*(,|$)/.test(firstLine)) {
    const [header, ...rows] = parseCsv(text)
    const cols = header.map((h) => h.trim().toLowerCase())
    return rows.map((cells, i) => {
      const row = Object.fromEntries(cols.map((c, k) => [c, (cells[k] ?? '').trim()]))
      const type = (row.type || fallback.type) as ReadablePostType
      if (!['article', 'featured', 'articleBottom'].includes(type)) throw new CliError(`Row ${i + 2}: unknown type "${row.type}"`)
      return { title: row.title, type, sections: row.sections ? sectionsArg(row.sections) : fallback.sections }
    })
  }
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((title) => ({ title, ...fallback }))
}

function progress(done: number, total: number, ok: number, failed: number, startedAt: number) {
  const width = 24
  const filled = Math.round((done / total) * width)
  const eta = done ? Math.round(((Date.now() - startedAt) / done) * (total - done) / 1000) : 0
  const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}  ok ${ok}  failed ${failed}  ETA ${done ? `${eta}s` : '…'}`
  if (process.stderr.isTTY) process.stderr.write(`\r${line}`)
  else console.error(line)
}

/** `generate post` and `generate batch`: AI writing through the same provider and validation as the server. */
export function registerGenerateCommands(program: Command, { withContext, out, example }: CliHelpers) {
  const generate = program.command('generate').description('AI writing through the same provider and validation as the server')
  generate
    .command('post')
    .description('generate one post\'s summary and body')
    .addOption(typeOption)
    .requiredOption('--title <title>', 'the post title')
    .option('--sections <n>', '3, 5 or 7 body sections', sectionsArg, 5)
    .option('--save', 'store the generated post')
    .addHelpText('after', example('bun run cli -- generate post --type article --title "Bankroll basics" --sections 3 --save'))
    .action(async (opts: { type: ReadablePostType; title: string; sections: number; save?: boolean }) => {
      const result = await withContext((ctx) => generateOne(ctx, opts, Boolean(opts.save)))
      out(result, `${result.content.body.map((s) => `# ${s.headline}\n${s.content}`).join('\n\n')}${result.saved ? `\n\nSaved as /article/${result.saved}` : ''}`)
    })

  generate
    .command('batch <file>')
    .description('generate a post per title (a text file of titles, or a CSV with title[,type,sections]); continues past failures')
    .addOption(typeOption)
    .option('--sections <n>', '3, 5 or 7 body sections', sectionsArg, 5)
    .option('--save', 'store each generated post')
    .addHelpText('after', '\nExits non-zero when any item failed.' + example('bun run cli -- generate batch titles.txt --save', 'bun run cli -- generate batch plan.csv --type articleBottom --sections 3'))
    .action(async (file: string, opts: { type: ReadablePostType; sections: number; save?: boolean }) => {
      const items = batchItems(file, opts)
      if (!items.length) throw new CliError(`No titles in ${file}`)
      const results = await withContext(async (ctx) => {
        const done: { title: string; ok: boolean; saved?: string | null; error?: string }[] = []
        const startedAt = Date.now()
        progress(0, items.length, 0, 0, startedAt)
        for (const item of items) {
          try {
            if (!item.title) throw new Error('empty title')
            const r = await generateOne(ctx, item, Boolean(opts.save))
            done.push({ title: item.title, ok: true, saved: r.saved })
          } catch (err) {
            done.push({ title: item.title, ok: false, error: (err as Error).message })
          }
          progress(done.length, items.length, done.filter((d) => d.ok).length, done.filter((d) => !d.ok).length, startedAt)
        }
        if (process.stderr.isTTY) process.stderr.write('\n')
        return done
      })
      const failed = results.filter((r) => !r.ok)
      out(results, [`${results.length - failed.length} succeeded, ${failed.length} failed.`, ...failed.map((f) => `failed: ${f.title}: ${f.error}`)].join('\n'))
      if (failed.length) process.exitCode = 1
    })
}
