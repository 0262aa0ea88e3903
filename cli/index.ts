/**
 * Content-ops CLI (`bun run cli -- <command>`): the same composition root, services and validation as
 * the server, on the store the environment names (DATA_DIR, or MONGODB_URI).
 */
import { closeSync, existsSync, fchmodSync, openSync, readFileSync, writeFileSync } from 'node:fs'
import { extname } from 'node:path'
import { Command, Option } from 'commander'
import { parseCsv } from '../lib/csv.ts'
import type { PostType } from '../lib/schemas.ts'
import { type Role, roles } from '../server/auth.ts'
import { ConfigError, loadConfig } from '../server/config.ts'
import { type AppContext, createAppContext } from '../server/context.ts'
import { createLogger } from '../server/logger.ts'
import { AI_SECTION_CHOICES } from '../server/services/ai-writer.ts'
import { type Kind, type OnConflict, parseExport, toNdjson } from '../server/services/transfer.ts'

class CliError extends Error {}

async function withContext<T>(fn: (ctx: AppContext) => Promise<T>) {
  const config = loadConfig()
  // logs to stderr: stdout carries a command's output (`export … > file`)
  const ctx = await createAppContext(config, { log: createLogger(config, { fd: 2 }) })
  try {
    return await fn(ctx)
  } finally {
    await ctx.close()
  }
}

const program = new Command()
  .name('gamewise')
  .description('Content operations for GameWise, on the store the environment names (DATA_DIR or MONGODB_URI).')
  .option('--json', 'machine-readable output where it makes sense')
  .showHelpAfterError()
const json = () => Boolean(program.opts().json)
const out = (value: unknown, text: string) => console.log(json() ? JSON.stringify(value, null, 2) : text)
const example = (...lines: string[]) => `\nExample:\n${lines.map((l) => `  ${l}`).join('\n')}`

function readInput(file: string): string {
  if (!existsSync(file)) throw new CliError(`No such file: ${file}`)
  return readFileSync(file, 'utf8')
}
/** Owner-only (0600), also over an existing file, whose mode is narrowed before anything is written. */
function writePrivateFile(file: string, text: string) {
  const fd = openSync(file, 'w', 0o600)
  try {
    fchmodSync(fd, 0o600)
    writeFileSync(fd, text)
  } finally {
    closeSync(fd)
  }
}
/** The first few names of a long list (an import of 100,000 posts must not print 100,000 ids; --json has them all). */
const listSome = (names: string[], shown = 10) => (names.length <= shown ? names.join(', ') : `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`)
const kindArg = (v: string): Kind => {
  if (v !== 'posts' && v !== 'brands' && v !== 'all') throw new CliError(`Unknown kind "${v}"; use posts, brands or all`)
  return v
}

// ---------- export / import ----------

program
  .command('export <kind>')
  .description('write posts, brands or all, with the images they use embedded as base64 (one self-contained file)')
  .option('--out <file>', 'write to a file instead of standard output')
  .addOption(new Option('--format <format>', 'json (one document) or ndjson (a record per line)').choices(['json', 'ndjson']).default('json'))
  .addHelpText('after', example('bun run cli -- export all --out content.json', 'bun run cli -- export posts --format ndjson > posts.ndjson'))
  .action(async (kind: string, opts: { out?: string; format: 'json' | 'ndjson' }) => {
    const bundle = await withContext((ctx) => ctx.services.transfer.export(kindArg(kind)))
    const text = opts.format === 'ndjson' ? toNdjson(bundle) : `${JSON.stringify(bundle, null, 2)}\n`
    if (opts.out) {
      writeFileSync(opts.out, text)
      console.error(`Exported ${bundle.posts.length} posts, ${bundle.brands.length} brands and ${bundle.media.length} images to ${opts.out}.`)
    } else process.stdout.write(text)
  })

program
  .command('import <kind> <file>')
  .description('validate every record with the API\'s schemas, then write them (JSON, NDJSON, or a CSV of posts)')
  .option('--dry-run', 'print what would be created, updated and skipped, and any invalid records; write nothing')
  .addOption(new Option('--on-conflict <policy>', 'when an id already exists').choices(['skip', 'overwrite', 'fail']).default('fail'))
  .option('--skip-invalid', 'write the valid records even when some are invalid')
  .addHelpText(
    'after',
    '\nAn import with any invalid record writes nothing unless --skip-invalid is given.\n' +
      'Interrupting an import (Ctrl-C) leaves the store as it was before: on SQLite and on a MongoDB replica set\n' +
      'the records land in one transaction; on a standalone MongoDB only whole records are ever written.\n' +
      'A CSV of posts needs a header line with title, and may have description, tag, image, position and type (default article).\n' +
      example('bun run cli -- import all content.json --dry-run', 'bun run cli -- import posts drafts.csv', 'bun run cli -- import brands brands.ndjson --on-conflict overwrite'),
  )
  .action(async (kind: string, file: string, opts: { dryRun?: boolean; onConflict: OnConflict; skipInvalid?: boolean }) => {
    const k = kindArg(kind)
    const ext = extname(file).toLowerCase()
    const format = ext === '.csv' ? 'csv' : ext === '.ndjson' || ext === '.jsonl' ? 'ndjson' : 'json'
    if (format === 'csv' && k !== 'posts') throw new CliError('A CSV file can only hold posts: use import posts FILE.csv')
    const raw = parseExport(readInput(file), format)
    const report = await withContext((ctx) => ctx.services.transfer.import(k, raw, opts))
    const lines = [
      `${opts.dryRun ? 'Would create' : 'Created'}: ${report.created.length}${report.created.length ? ` (${listSome(report.created)})` : ''}`,
      `${opts.dryRun ? 'Would update' : 'Updated'}: ${report.updated.length}`,
      `${opts.dryRun ? 'Would skip' : 'Skipped'}: ${report.skipped.length}`,
      ...report.invalid.map((p) => `invalid ${p.record} ${p.field}: ${p.message}`),
    ]
    out(report, lines.join('\n'))
    if (report.invalid.length && !opts.skipInvalid) {
      console.error(`error: ${report.invalid.length} invalid record field(s); nothing was written. Fix them, or pass --skip-invalid.`)
      process.exitCode = 1
    }
  })

// ---------- backup / restore ----------

program
  .command('backup <file>')
  .description('every collection the product keeps (posts, brands, media, clicks, conversions, link checks, users, …) in one file, written 0600; password hashes only with --include-secrets')
  .option('--include-secrets', 'include password hashes, so restored accounts can log in (keep the file safe)')
  .addHelpText(
    'after',
    '\nSessions, signing keys, verification tokens and per-installation settings are never backed up: a restored store starts logged out.' +
      example('bun run cli -- backup backup.json', 'bun run cli -- backup full.json --include-secrets'),
  )
  .action(async (file: string, opts: { includeSecrets?: boolean }) => {
    const { backup, skipped } = await withContext(async (ctx) => ({ backup: await ctx.services.backup.create(opts), skipped: ctx.services.backup.notBackedUp() }))
    writePrivateFile(file, `${JSON.stringify(backup, null, 2)}\n`) // users, clicks and maybe password hashes
    const counts = Object.entries(backup.collections).map(([name, records]) => `${records.length} ${name}`)
    console.error(`Backed up ${counts.join(', ')} to ${file}.`)
    console.error(`Left out: ${[...(backup.includesSecrets ? [] : ['account (password hashes; add --include-secrets)']), ...skipped.map((s) => s.name)].join(', ')}.`)
  })

program
  .command('restore <file>')
  .description('restore a backup (version 1 or 2) into an empty store; every record is checked first, and with any invalid one nothing is written')
  .addHelpText(
    'after',
    '\nReads backups of version 1 and 2. Users backed up without --include-secrets come back without passwords and cannot\n' +
      'log in (neither users create nor ADMIN_PASSWORD sets one on an existing user): keep logins with --include-secrets.' +
      example('DATA_DIR=./fresh bun run cli -- restore backup.json'),
  )
  .action(async (file: string) => {
    let bundle: unknown
    try {
      bundle = JSON.parse(readInput(file))
    } catch (err) {
      if (err instanceof CliError) throw err
      throw new CliError(`Malformed JSON in ${file}`)
    }
    const counts = await withContext((ctx) => ctx.services.backup.restore(bundle))
    out(counts, `Restored ${Object.entries(counts).map(([name, n]) => `${n} ${name}`).join(', ')}.`)
  })

// ---------- AI generation ----------

const typeOption = new Option('--type <type>', 'the kind of post').choices(['article', 'featured', 'articleBottom']).default('article')
const sectionsArg = (v: string) => {
  const n = Number(v)
  if (!(AI_SECTION_CHOICES as readonly number[]).includes(n)) throw new CliError(`--sections must be 3, 5 or 7, not "${v}"`)
  return n
}

async function generateOne(ctx: AppContext, item: { title: string; type: Exclude<PostType, 'hero'>; sections: number }, save: boolean) {
  const content = await ctx.services.ai.generate({ title: item.title, kind: item.type, sections: item.sections })
  const post = save ? await ctx.services.posts.create(item.type, { title: item.title, content }) : null
  return { title: item.title, type: item.type, content, saved: post?._id ?? null }
}

const generate = program.command('generate').description('AI writing through the same provider and validation as the server')
generate
  .command('post')
  .description('generate one post\'s summary and body')
  .addOption(typeOption)
  .requiredOption('--title <title>', 'the post title')
  .option('--sections <n>', '3, 5 or 7 body sections', sectionsArg, 5)
  .option('--save', 'store the generated post')
  .addHelpText('after', example('bun run cli -- generate post --type article --title "Bankroll basics" --sections 3 --save'))
  .action(async (opts: { type: Exclude<PostType, 'hero'>; title: string; sections: number; save?: boolean }) => {
    const result = await withContext((ctx) => generateOne(ctx, opts, Boolean(opts.save)))
    out(result, `${result.content.body.map((s) => `# ${s.headline}\n${s.content}`).join('\n\n')}${result.saved ? `\n\nSaved as /article/${result.saved}` : ''}`)
  })

function batchItems(file: string, fallback: { type: Exclude<PostType, 'hero'>; sections: number }) {
  const text = readInput(file)
  const firstLine = text.split('\n', 1)[0].toLowerCase()
  if (extname(file).toLowerCase() === '.csv' || /^title\s*(,|$)/.test(firstLine)) {
    const [header, ...rows] = parseCsv(text)
    const cols = header.map((h) => h.trim().toLowerCase())
    return rows.map((cells, i) => {
      const row = Object.fromEntries(cols.map((c, k) => [c, (cells[k] ?? '').trim()]))
      const type = (row.type || fallback.type) as Exclude<PostType, 'hero'>
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

generate
  .command('batch <file>')
  .description('generate a post per title (a text file of titles, or a CSV with title[,type,sections]); continues past failures')
  .addOption(typeOption)
  .option('--sections <n>', '3, 5 or 7 body sections', sectionsArg, 5)
  .option('--save', 'store each generated post')
  .addHelpText('after', '\nExits non-zero when any item failed.' + example('bun run cli -- generate batch titles.txt --save', 'bun run cli -- generate batch plan.csv --type articleBottom --sections 3'))
  .action(async (file: string, opts: { type: Exclude<PostType, 'hero'>; sections: number; save?: boolean }) => {
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

// ---------- users ----------

/** Reads a password from standard input (piped, or typed at a prompt), never from an argument. */
async function readPassword(prompt: string): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write(prompt)
  let text = ''
  for await (const chunk of process.stdin) text += chunk
  return text.replace(/\r?\n$/, '')
}

const users = program.command('users').description('manage accounts')
users
  .command('create <username>')
  .description('create an account; the password is read from standard input')
  .requiredOption('--role <role>', 'admin, editor or user')
  .addHelpText('after', example("printf '%s' \"$PASSWORD\" | bun run cli -- users create alice --role editor"))
  .action(async (username: string, opts: { role: string }) => {
    if (!roles.includes(opts.role as Role)) throw new CliError(`Unknown role "${opts.role}"; use ${roles.join(', ')}`)
    const password = await readPassword('Password: ')
    if (!password) throw new CliError('No password on standard input')
    const user = await withContext((ctx) => ctx.services.users.createUser(username, password, opts.role as Role))
    out(user, `Created ${user.role} "${user.username}".`)
  })
users
  .command('set-role <username> <role>')
  .description("change an account's role (admin, editor or user); a demotion logs the account out everywhere")
  .addHelpText('after', example('bun run cli -- users set-role alice admin'))
  .action(async (username: string, role: string) => {
    await withContext((ctx) => ctx.services.users.setRole(username, role as Role))
    out({ username: username.toLowerCase(), role }, `"${username.toLowerCase()}" is now ${role}.`)
  })
users
  .command('list')
  .description('list accounts and their roles')
  .option('--json', 'machine-readable output')
  .addHelpText('after', example('bun run cli -- users list --json'))
  .action(async (opts: { json?: boolean }) => {
    const list = await withContext((ctx) => ctx.services.users.list())
    if (opts.json || json()) console.log(JSON.stringify(list, null, 2))
    else for (const u of list) console.log(`${u.username.padEnd(34)}${u.role}`)
  })

// ---------- seed / stats ----------

const seed = program.command('seed').description('seed content')
seed
  .command('demo')
  .description('seed the demo content into an empty store')
  .option('--force', 'add demo records that are missing even when the store is not empty')
  .option('--svg-images', 'keep the demo covers and banners as their SVGs (fast) instead of raster uploads with renditions')
  .addHelpText('after', example('bun run cli -- seed demo', 'DATA_DIR=/srv/gamewise bun run cli -- seed demo --force'))
  .action(async (opts: { force?: boolean; svgImages?: boolean }) => {
    const result = await withContext((ctx) => ctx.services.seed.seedDemo({ force: opts.force, rasterImages: !opts.svgImages }))
    out(result, `Seeded ${result.posts} posts and ${result.brands} brand pages.`)
  })

const stats = program.command('stats').description('reports from the store')
stats
  .command('clicks')
  .description('per brand per day: clicks, unique clicks, bot clicks, conversions, approved revenue, conversion rate and EPC')
  .option('--brand <id>', 'only this brand')
  .option('--days <n>', 'the last N days, today included', (v) => {
    const n = Number(v)
    if (!Number.isInteger(n) || n < 1 || n > 366) throw new CliError(`--days must be a whole number from 1 to 366, not "${v}"`)
    return n
  }, 30)
  .addHelpText('after', example('bun run cli -- stats clicks --days 7', 'bun run cli -- --json stats clicks --brand nova-spins'))
  .action(async (opts: { brand?: string; days: number }) => {
    const rows = await withContext((ctx) => ctx.services.clicks.stats({ brandId: opts.brand, days: opts.days }))
    const money = (m: Record<string, number>) => Object.entries(m).map(([c, v]) => `${c} ${v.toFixed(2)}`).join(' ') || '-'
    const head = 'day         brand                 clicks  unique  bots  blocked  conv  revenue        CR      EPC'
    const text = rows.length
      ? [head, ...rows.map((r) => `${r.day}  ${r.brandId.padEnd(22)}${String(r.clicks).padEnd(8)}${String(r.uniqueClicks).padEnd(8)}${String(r.botClicks).padEnd(6)}${String(r.blockedClicks).padEnd(9)}${String(r.conversions).padEnd(6)}${money(r.approvedRevenue).padEnd(15)}${`${(r.cr * 100).toFixed(1)}%`.padEnd(8)}${money(r.epc)}`)].join('\n')
      : `No clicks in the last ${opts.days} days.`
    out(rows, text)
  })

const links = program.command('links').description('link health')
links
  .command('check')
  .description("request every brand's CTA URL (HEAD, then GET), follow redirects, report dead links and changed hosts")
  .option('--concurrency <n>', 'requests at once', (v) => Math.max(1, Math.min(32, Number(v) || 4)), 4)
  .option('--timeout <ms>', 'per request', (v) => Math.max(100, Math.min(60_000, Number(v) || 8_000)), 8_000)
  .addHelpText('after', '\nExits non-zero when a link is dead. The brand admin table shows each brand\'s last result.\nLoopback, private and link-local targets (redirects included) are reported as blocked and never requested, unless LINK_CHECK_ALLOW_PRIVATE=1.' + example('bun run cli -- links check', 'bun run cli -- --json links check --timeout 3000'))
  .action(async (opts: { concurrency: number; timeout: number }) => {
    const results = await withContext((ctx) => ctx.services.links.checkAll({ concurrency: opts.concurrency, timeoutMs: opts.timeout }))
    const dead = results.filter((r) => !r.ok)
    const moved = results.filter((r) => r.ok && r.hostChanged)
    const lines = results.map((r) => `${r.ok ? (r.hostChanged ? 'MOVED' : 'OK   ') : 'DEAD '} ${r._id.padEnd(24)} ${r.url}${r.error ? `  (${r.error})` : ''}${r.hostChanged ? `  → ${r.finalUrl}` : ''}`)
    out(results, [...lines, `${results.length} checked, ${dead.length} dead, ${moved.length} landing on another host.`].join('\n'))
    if (dead.length) process.exitCode = 1
  })

try {
  await program.parseAsync(process.argv)
} catch (err) {
  const known = err instanceof ConfigError || err instanceof CliError || (err instanceof Error && err.name === 'AppError')
  console.error(`error: ${known ? (err as Error).message : String(err)}`)
  process.exit(1)
}
