/**
 * Builds the bundles and starts the production server on a fresh temporary store and a free
 * loopback port, for the e2e runner and the benchmark. `stop()` ends it and removes the store.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..') // dirname: vitest's module runner has it, not Bun's import.meta.dir

/**
 * A port nothing listens on: from `SERVER_PORTS` (`3400-3499`) when set, so runs that share a machine
 * can keep to their own range, else from `portBase` to `portBase + 499`.
 */
export async function freePort(portBase: number): Promise<number> {
  const [from, to] = /^(\d+)-(\d+)$/.exec(process.env.SERVER_PORTS ?? '')?.slice(1).map(Number) ?? [portBase, portBase + 499]
  for (let tries = 0; tries < 50; tries++) {
    const port = from + Math.floor(Math.random() * (to - from + 1))
    try {
      Bun.serve({ port, hostname: '127.0.0.1', fetch: () => new Response() }).stop(true)
      return port
    } catch {
      // taken: another server (perhaps another run's) is there
    }
  }
  throw new Error(`no free port in ${from}-${to}`)
}

/** `mongodbUri`: the store is that MongoDB database instead of SQLite in the temporary folder. */
export async function startProductionServer(opts: { label: string; portBase: number; mongodbUri?: string }) {
  const build = Bun.spawnSync([process.execPath, 'x', 'vike', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (build.exitCode !== 0) throw new Error('vike build failed; see the output above')

  const dataDir = mkdtempSync(join(tmpdir(), `gamewise-${opts.label}-`))
  const port = await freePort(opts.portBase)
  const baseUrl = `http://127.0.0.1:${port}`
  const server = Bun.spawn([process.execPath, 'server/start.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: baseUrl, SEED_DEMO: '1', MONGODB_URI: opts.mongodbUri ?? '' },
    // SERVER_LOG=<file>: the server's log lines there (to see why a browser test's request failed)
    stdout: process.env.SERVER_LOG ? Bun.file(process.env.SERVER_LOG) : 'ignore',
    stderr: 'inherit',
  })
  const stop = async () => {
    server.kill()
    await server.exited
    rmSync(dataDir, { recursive: true, force: true })
  }

  // a fresh store seeds the demo first, its covers and banners as raster uploads (docs/images.md, "Demo images"): from
  // the demo image cache in milliseconds, but 13–25 s on a 2-core machine the first time a checkout draws them
  const deadline = Date.now() + 90_000
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break
    } catch {}
    if (Date.now() > deadline || server.exitCode !== null) {
      await stop()
      throw new Error('the production server did not become healthy within 90 s')
    }
    await Bun.sleep(200)
  }
  return { baseUrl, dataDir, root, stop, pid: server.pid }
}
