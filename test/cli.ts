import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const CLI_SECRET = 'cli-test-secret-0123456789abcdef012345'
const entry = new URL('../cli/index.ts', import.meta.url).pathname

export const tempDataDir = (label = 'cli') => mkdtempSync(join(tmpdir(), `gamewise-${label}-`))

/** Temporary data dirs made one at a time (`dir`), all removed by `removeAll` (a test file's afterAll). */
export function tempDataDirs() {
  const dirs: string[] = []
  return {
    dir(label: string) {
      const d = tempDataDir(label)
      dirs.push(d)
      return d
    },
    removeAll() {
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
    },
  }
}

/** Runs the real CLI as a subprocess against `dataDir`. */
export function runCli(dataDir: string, args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}) {
  const proc = Bun.spawnSync([process.execPath, entry, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: '0', MONGODB_URI: '', AUTH_SECRET: CLI_SECRET, AI_BASE_URL: '', AI_MODEL: '', ...opts.env },
    stdin: new TextEncoder().encode(opts.stdin ?? ''),
  })
  return { code: proc.exitCode, out: proc.stdout.toString(), err: proc.stderr.toString() }
}

/** As runCli, without blocking this process: needed when this process also hosts a fake server the CLI calls. */
export async function runCliAsync(dataDir: string, args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}) {
  const proc = Bun.spawn([process.execPath, entry, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: '0', MONGODB_URI: '', AUTH_SECRET: CLI_SECRET, AI_BASE_URL: '', AI_MODEL: '', ...opts.env },
    stdin: new TextEncoder().encode(opts.stdin ?? ''),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  return { code, out, err }
}
