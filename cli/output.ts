/**
 * What every CLI command shares: the composition root per run, output (text, or JSON with the global --json),
 * help examples, input files and the error type the entry point prints without a stack.
 */
import { closeSync, existsSync, fchmodSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Command } from 'commander'
import { loadConfig } from '../server/config.ts'
import { type AppContext, createAppContext } from '../server/context.ts'
import { createLogger } from '../server/logger.ts'
import { cliActor, runAs } from '../server/operations/audit.ts'

/** A mistake in the command line or its input: printed as `error: <message>`, exit code 1. */
export class CliError extends Error {}

export async function withContext<T>(fn: (ctx: AppContext) => Promise<T>) {
  const config = loadConfig()
  // logs to stderr: stdout carries a command's output (`export … > file`)
  const ctx = await createAppContext(config, { log: createLogger(config, { fd: 2 }) })
  try {
    // every write the command makes is recorded as `cli:<os user>` (server/operations/audit.ts)
    return await runAs(cliActor(), () => fn(ctx))
  } finally {
    await ctx.close()
  }
}

export const example = (...lines: string[]) => `\nExample:\n${lines.map((l) => `  ${l}`).join('\n')}`

/** The helpers a command file gets: `json()` and `out()` read the root program's global --json. */
export type CliHelpers = {
  withContext: typeof withContext
  example: typeof example
  json: () => boolean
  out: (value: unknown, text: string) => void
}

/**
 * A `list` subcommand: the records `list` reads, one `line` each (under `head` lines when there are any),
 * `empty` when there are none; `--json` prints the records themselves.
 */
export function addListCommand<T>(parent: Command, { withContext, out }: CliHelpers, o: { description: string; examples: string[]; list: (ctx: AppContext) => Promise<readonly T[]>; line: (item: T) => string; head?: string[]; empty: string }) {
  parent
    .command('list')
    .description(o.description)
    .addHelpText('after', example(...o.examples))
    .action(async () => {
      const list = await withContext(o.list)
      out(list, list.length ? [...(o.head ?? []), ...list.map(o.line)].join('\n') : o.empty)
    })
}

export function cliHelpers(program: Command): CliHelpers {
  const json = () => Boolean(program.opts().json)
  const out = (value: unknown, text: string) => console.log(json() ? JSON.stringify(value, null, 2) : text)
  return { withContext, example, json, out }
}

export function readInput(file: string): string {
  if (!existsSync(file)) throw new CliError(`No such file: ${file}`)
  if (statSync(file).isDirectory()) throw new CliError(`${file} is a folder, not a file: name the file in it`)
  return readFileSync(file, 'utf8')
}

/**
 * Where a command may write `file`, or one plain line naming the user's path (never a temporary file's,
 * never a raw EISDIR or ENOENT): a folder, a folder that does not exist, or a file there already
 * (replaced only with `overwrite`, the command's --force).
 */
export function checkOutputPath(file: string, opts: { overwrite: boolean; example: string }) {
  if (existsSync(file) && statSync(file).isDirectory()) throw new CliError(`${file} is a folder: name a file in it, e.g. ${join(file, opts.example)}`)
  const folder = dirname(file)
  if (!existsSync(folder)) throw new CliError(`No folder ${folder} to write ${file} in: create it first (mkdir -p ${folder})`)
  if (!statSync(folder).isDirectory()) throw new CliError(`${folder} is a file, not a folder: ${file} cannot be written there`)
  if (!opts.overwrite && existsSync(file)) throw new CliError(`${file} already exists; nothing was written. Choose another name, or add --force to replace it.`)
}

/** Owner-only (0600), also over an existing file, whose mode is narrowed before anything is written. */
export function writePrivateFile(file: string, text: string) {
  const fd = openSync(file, 'w', 0o600)
  try {
    fchmodSync(fd, 0o600)
    writeFileSync(fd, text)
  } finally {
    closeSync(fd)
  }
}

/**
 * A private file (0600) written whole or not at all: the text goes to a temporary file beside it, which
 * then takes the name in one step. Without `overwrite` an existing file is refused (and never touched),
 * also when another process creates it meanwhile (a hard link does not replace what is there).
 */
export function writePrivateFileAtomic(file: string, text: string, opts: { overwrite: boolean }) {
  writeFileAtomic(file, text, { ...opts, mode: 0o600 })
}

/** As `writePrivateFileAtomic`, with the file's mode given (an export is no more private than the site). */
export function writeFileAtomic(file: string, text: string, opts: { overwrite: boolean; mode?: number; example?: string }) {
  checkOutputPath(file, { overwrite: opts.overwrite, example: opts.example ?? 'backup.json' })
  const tmp = `${file}.${process.pid}.partial`
  const fd = openSync(tmp, 'wx', opts.mode ?? 0o644)
  try {
    writeFileSync(fd, text)
    fsyncSync(fd)
  } catch (err) {
    closeSync(fd)
    unlinkSync(tmp)
    throw err
  }
  closeSync(fd)
  try {
    if (opts.overwrite) renameSync(tmp, file)
    else linkSync(tmp, file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new CliError(`${file} already exists; nothing was written. Choose another name, or add --force to replace it.`)
    throw err
  } finally {
    if (existsSync(tmp)) unlinkSync(tmp)
  }
}

/** The first few names of a long list (an import of 100,000 posts must not print 100,000 ids; --json has them all). */
export const listSome = (names: string[], shown = 10) => (names.length <= shown ? names.join(', ') : `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`)

/**
 * A text table whose columns are as wide as their widest cell, two spaces apart: figures of any size
 * never run into each other. `right`: the columns (by index) aligned right (numbers).
 */
export function textTable(head: readonly string[], rows: readonly (readonly string[])[], right: ReadonlySet<number> = new Set()): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (right.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [line(head), ...rows.map(line)].join('\n')
}
