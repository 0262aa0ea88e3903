/**
 * `bun run test:e2e`: builds if needed, starts the production server on a fresh temporary store and a
 * free port, runs the e2e suite against it, and stops it. Needs Debian's Chromium (/usr/bin/chromium).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium) && !process.env.CHROMIUM_PATH && process.getuid?.() === 0) {
  // A fresh machine has no browser and Playwright cannot download one here: use Debian's package.
  console.log('Chromium is missing: installing Debian\'s chromium package (apt-get)…')
  const apt = Bun.spawnSync(['sh', '-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null'], { stdio: ['ignore', 'inherit', 'inherit'] })
  if (apt.exitCode !== 0) console.error('apt-get could not install chromium.')
}
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`)
  process.exit(1)
}

const build = Bun.spawnSync([process.execPath, 'x', 'vike', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
if (build.exitCode !== 0) process.exit(build.exitCode ?? 1)

const dataDir = mkdtempSync(join(tmpdir(), 'gamewise-e2e-'))
const port = 3100 + Math.floor(Math.random() * 800)
const baseUrl = `http://127.0.0.1:${port}`
const server = Bun.spawn([process.execPath, 'server/start.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: baseUrl, SEED_DEMO: '1', MONGODB_URI: '' },
  stdout: 'inherit',
  stderr: 'inherit',
})

let code = 1
try {
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not become healthy within 30 s')
    await Bun.sleep(200)
  }
  const tests = Bun.spawn([process.execPath, 'x', '--bun', 'vitest', 'run', '--pool=threads', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], {
    cwd: root,
    env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir, CHROMIUM_PATH: chromium },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  code = await tests.exited
} finally {
  server.kill()
  await server.exited
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(code)
