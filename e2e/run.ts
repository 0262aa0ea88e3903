/**
 * `bun run test:e2e`: builds if needed, starts the production server on a fresh temporary store and a
 * free port, runs the e2e suite against it, and stops it. Needs Debian's Chromium (/usr/bin/chromium).
 *
 * E2E_STORE=mongodb: the server's store is a database on a FerretDB this starts (scripts/ferretdb.ts), and
 * without files named it runs MONGODB_E2E_FILES, the browser smoke tests and the two-server test; without
 * Go it says SKIPPED and how to enable it.
 */
import { existsSync } from 'node:fs'
import { FerretDbSkipped, startFerretDb } from '../scripts/ferretdb.ts'
import { startProductionServer } from '../scripts/production-server.ts'
import { startFakeOpenAi } from '../test/fake-openai.ts'

/**
 * The browser tests the MongoDB run repeats: public pages (server rendering, search), an admin save (a
 * brand page with every kind of field), a /go click and the report showing it, attribution's reports, and
 * two servers over one store.
 */
export const MONGODB_E2E_FILES = ['e2e/ssr.e2e.test.ts', 'e2e/search.e2e.test.ts', 'e2e/brand-admin.e2e.test.ts', 'e2e/tracking.e2e.test.ts', 'e2e/attribution.e2e.test.ts', 'e2e/two-servers.e2e.test.ts']
const onMongo = process.env.E2E_STORE === 'mongodb'
let ferret: Awaited<ReturnType<typeof startFerretDb>> | undefined
if (onMongo) {
  try {
    ferret = await startFerretDb({ database: 'e2e', log: (line) => console.log(`[ferretdb] ${line}`) })
  } catch (err) {
    if (!(err instanceof FerretDbSkipped)) throw err
    console.log(`[e2e on MongoDB] ${err.message}`)
    process.exit(0)
  }
}

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

// AI writing talks to a local server speaking the OpenAI chat-completions protocol
const fakeAi = startFakeOpenAi()
process.env.AI_BASE_URL = fakeAi.url
process.env.AI_API_KEY = 'e2e-key'
process.env.AI_MODEL = 'fake-model'
process.env.UNSPLASH_ACCESS_KEY = '' // image search uses the media library
// geo-targeting: the browser plays a CDN's visitor by sending this header (Playwright's extraHTTPHeaders);
// without it every visitor is on loopback, so of unknown country
process.env.GEO_HEADER = 'cf-ipcountry'
// a visitor is their network address (issue 24): a test plays a visitor of its own with X-Forwarded-For,
// believed from one proxy hop; without the header a request is the loopback peer, as before
process.env.TRUST_PROXY = '1'
// analytics behind the consent banner; the browser tests answer gtag.js locally (e2e/browser.ts fakeGoogle)
process.env.GA_MEASUREMENT_ID = 'G-E2ETEST00'
process.env.POSTBACK_SECRET = process.env.POSTBACK_SECRET || `e2e-postback-${crypto.randomUUID()}`

// the first admin comes from the environment (issue 3); a fresh password every run, none in the repo
process.env.ADMIN_USERNAME = 'e2e_admin'
process.env.ADMIN_PASSWORD = crypto.randomUUID()
const { baseUrl, dataDir, root: cwd, stop } = await startProductionServer({ label: 'e2e', portBase: 3100, mongodbUri: ferret?.uri })
let code = 1
try {
  const files = process.argv.slice(2)
  if (ferret) console.log(`[e2e on MongoDB] FerretDB at ${ferret.uri}: ${(files.length ? files : MONGODB_E2E_FILES).join(' ')}`)
  const tests = Bun.spawn([process.execPath, 'x', '--bun', 'vitest', 'run', '--pool=threads', '--config', 'vitest.e2e.config.ts', ...(ferret && !files.length ? MONGODB_E2E_FILES : files)], {
    cwd,
    env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir, CHROMIUM_PATH: chromium, ...(ferret ? { E2E_STORE: 'mongodb', E2E_MONGODB_URI: ferret.uri } : {}) },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  code = await tests.exited
} finally {
  await stop()
  fakeAi.stop()
  await ferret?.stop()
}
process.exit(code)
