/**
 * FerretDB for the MongoDB backend's tests (docs/mongodb.md): a MongoDB-wire-protocol server, built from
 * the Go module proxy into a cache outside the repository (no source or binary is committed), run on a
 * free loopback port over a temporary SQLite data directory.
 *
 *   bun scripts/ferretdb.ts build          build it once (kept in the cache; skipped when already built)
 *   bun scripts/ferretdb.ts start          start one and print its MONGODB_URI, until Ctrl-C
 *   bun scripts/ferretdb.ts test [files…]  start one, run the MongoDB suites against it (the storage contract and
 *                                          every app suite, with TEST_STORE=mongodb), print their counts, stop it
 *
 * Without Go each of these prints a line starting "SKIPPED: Go is not installed" and exits 0; importers
 * get a `FerretDbSkipped` error from `startFerretDb()` instead.
 *
 * FERRETDB_CACHE moves the cache (default ~/.cache/gamewise/ferretdb; the binary is in its bin/).
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { MongoClient } from 'mongodb'

export const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB'
export const FERRETDB_VERSION = 'v1.24.2'

const root = join(import.meta.dir, '..')
const cacheDir = () => process.env.FERRETDB_CACHE || join(homedir(), '.cache', 'gamewise', 'ferretdb')
/** Where the binary is, built or not: one file per version, so a version bump builds again. */
export const ferretDbBinary = () => join(cacheDir(), 'bin', `ferretdb-${FERRETDB_VERSION}`)

export const SKIPPED_NO_GO = `SKIPPED: Go is not installed (install Go 1.24 or newer (or Go 1.21+ with GOTOOLCHAIN=auto, which fetches it), then run: bun scripts/ferretdb.ts build)`

/** Thrown by `ensureFerretDb`/`startFerretDb` where Go is missing: tests skip the MongoDB run on it. */
export class FerretDbSkipped extends Error {
  constructor(message = SKIPPED_NO_GO) {
    super(message)
    this.name = 'FerretDbSkipped'
  }
}

function run(cmd: string[], opts: { cwd?: string; env?: Record<string, string | undefined> } = {}) {
  const r = spawnSync(cmd[0], cmd.slice(1), { cwd: opts.cwd, env: { ...process.env, ...opts.env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  if (r.status !== 0) throw new Error(`${cmd.join(' ')} failed (exit ${r.status ?? r.signal}):\n${r.stderr || r.stdout}`)
  return r.stdout
}

/**
 * The binary's path, building it first when it is not in the cache (about 1.5 minutes on 2 cores with
 * the modules downloaded). `go install …@version` cannot be used as is: FerretDB's cmd/ferretdb refuses to
 * start without build/version/version.txt, which its own build task generates, and a module's files in
 * GOMODCACHE are read-only (nor may an -overlay replace them). So the module is downloaded through the
 * module proxy, copied to a scratch directory in the cache, given that one-line file, and built there.
 */
export function ensureFerretDb(log: (line: string) => void = () => {}): string {
  const bin = ferretDbBinary()
  if (existsSync(bin)) return bin
  const go = Bun.which('go')
  if (!go) throw new FerretDbSkipped()
  const started = performance.now()
  log(`building FerretDB ${FERRETDB_VERSION} into ${bin} (about 1.5 minutes on 2 cores)…`)
  const info = JSON.parse(run([go, 'mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], { cwd: tmpdir() })) as { Dir?: string; Error?: string }
  if (!info.Dir) throw new Error(`go mod download ${FERRETDB_MODULE}@${FERRETDB_VERSION}: ${info.Error ?? 'no directory'}`)
  mkdirSync(join(cacheDir(), 'bin'), { recursive: true })
  const src = mkdtempSync(join(cacheDir(), 'src-'))
  try {
    cpSync(info.Dir, src, { recursive: true })
    makeWritable(src)
    writeFileSync(join(src, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`)
    const tmp = `${bin}.${process.pid}.tmp`
    // GOFLAGS as the machine has them, less -mod: the copy is a module of its own, with its go.sum
    run([go, 'build', '-trimpath', '-o', tmp, './cmd/ferretdb'], { cwd: src, env: { GOFLAGS: (process.env.GOFLAGS ?? '').replace(/-mod=\S+/g, '').trim() } })
    renameSync(tmp, bin) // two builds at once: the last rename wins, either binary is whole
  } finally {
    rmSync(src, { recursive: true, force: true })
  }
  log(`built FerretDB ${FERRETDB_VERSION} in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  return bin
}

function makeWritable(dir: string) {
  chmodSync(dir, 0o755)
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) makeWritable(p)
    else chmodSync(p, 0o644)
  }
}

/** A loopback port nothing listens on now (the OS picks it). */
function freePort(): number {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = probe.port
  probe.stop(true)
  return port
}

export type FerretDb = { uri: string; port: number; dataDir: string; stop: () => Promise<void> }

/**
 * Starts a FerretDB on 127.0.0.1 (a free port) with the SQLite backend in a fresh temporary directory:
 * no other listener (its debug HTTP handler is off), telemetry off. `uri` names `database` (default
 * `gamewise`). `stop()` ends it and removes the directory. Builds it first when needed (see
 * `ensureFerretDb`); throws `FerretDbSkipped` where Go is missing.
 */
export async function startFerretDb(opts: { database?: string; log?: (line: string) => void } = {}): Promise<FerretDb> {
  const bin = ensureFerretDb(opts.log)
  const dir = mkdtempSync(join(tmpdir(), 'gamewise-ferretdb-'))
  mkdirSync(join(dir, 'data'))
  mkdirSync(join(dir, 'state'))
  for (let attempt = 1; ; attempt++) {
    const port = freePort()
    const logFile = join(dir, 'ferretdb.log')
    const proc = Bun.spawn(
      [
        bin,
        '--handler=sqlite',
        `--sqlite-url=file:${join(dir, 'data')}/`,
        `--listen-addr=127.0.0.1:${port}`,
        '--debug-addr=-',
        '--telemetry=disable',
        `--state-dir=${join(dir, 'state')}`,
        '--log-level=WARN',
      ],
      // its own environment variables (FERRETDB_*) left out: the flags above are the whole configuration
      { env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('FERRETDB_'))), stdout: 'ignore', stderr: Bun.file(logFile) },
    )
    const uri = `mongodb://127.0.0.1:${port}/${opts.database ?? 'gamewise'}`
    let stopped = false
    const stop = async () => {
      if (!stopped) {
        stopped = true
        proc.kill('SIGTERM')
        await proc.exited
      }
      rmSync(dir, { recursive: true, force: true })
    }
    if (await ready(uri, proc)) return { uri, port, dataDir: join(dir, 'data'), stop }
    const out = existsSync(logFile) ? await Bun.file(logFile).text() : ''
    if (proc.exitCode !== null && attempt < 3 && /address already in use/.test(out)) continue // the port was taken meanwhile
    await stop()
    throw new Error(`FerretDB did not answer on 127.0.0.1:${port} within 20 s${out ? `:\n${out.slice(-2000)}` : ''}`)
  }
}

async function ready(uri: string, proc: Bun.Subprocess) {
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline && proc.exitCode === null) {
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 500, connectTimeoutMS: 500 })
    try {
      await client.db().command({ ping: 1 })
      return true
    } catch {
      await Bun.sleep(100)
    } finally {
      await client.close().catch(() => {})
    }
  }
  return false
}

/** Test files that open MongoDB themselves when MONGODB_URI is set (beside SQLite, which they always run). */
export const MONGODB_AWARE_FILES = [
  'db/store.contract.test.ts',
  'db/repositories/authors.test.ts',
  'server/content/articles.test.ts',
  'server/mongo-app.test.ts',
  'server/operations/store-copy.test.ts',
  'cli/copy-store.test.ts',
]
/** Files building their app with makeTestApp that the MongoDB run leaves out, and why. */
export const NOT_ON_MONGODB: Record<string, string> = {
  'server/fuzz.test.ts':
    'snapshots every collection around each of its ~3,000 requests: 15 minutes on FerretDB (the whole CI budget); what it found there is in the storage contract and server/routes/tracking.test.ts',
}

/**
 * The MongoDB run's files: the MongoDB-aware ones, and every test file whose app comes from makeTestApp
 * (test/make-app.ts), which TEST_STORE=mongodb puts on a database of its own: a new HTTP suite joins by itself.
 */
export function mongodbTestFiles(): string[] {
  const apps: string[] = []
  for (const file of new Bun.Glob('{cli,db,lib,server,components,pages,test}/**/*.test.{ts,tsx}').scanSync({ cwd: root })) {
    if (NOT_ON_MONGODB[file] || MONGODB_AWARE_FILES.includes(file)) continue
    if (/from '[./]*test\/make-app\.ts'/.test(readFileSync(join(root, file), 'utf8'))) apps.push(file)
  }
  return [...MONGODB_AWARE_FILES, ...apps.sort()]
}

type VitestJson = { testResults: { name: string; assertionResults: { ancestorTitles: string[]; status: string }[] }[] }

/** What the MongoDB run did, in lines for the CI log: the storage contract's own count first. */
function summary(report: VitestJson, version: string): string[] {
  const count = (results: { status: string }[]) => {
    const n = (s: string[]) => results.filter((r) => s.includes(r.status)).length
    return `${n(['passed', 'failed'])} run (${n(['passed'])} passed, ${n(['failed'])} failed), ${n(['skipped', 'pending', 'todo'])} skipped`
  }
  const onMongo = (file: string) => report.testResults.filter((f) => f.name.endsWith(file)).flatMap((f) => f.assertionResults.filter((a) => a.ancestorTitles.some((t) => /mongodb/i.test(t))))
  const apps = report.testResults.filter((f) => !MONGODB_AWARE_FILES.some((m) => f.name.endsWith(m)))
  return [
    `[mongodb] storage contract on FerretDB ${version}: ${count(onMongo('db/store.contract.test.ts'))}`,
    `[mongodb] app suites on FerretDB (TEST_STORE=mongodb, ${apps.length} files): ${count(apps.flatMap((f) => f.assertionResults))}`,
    ...Object.entries(NOT_ON_MONGODB).map(([file, why]) => `[mongodb] not run on MongoDB: ${file}: ${why}`),
  ]
}

if (import.meta.main) {
  const [command = 'build', ...rest] = process.argv.slice(2)
  const log = (line: string) => console.log(`[ferretdb] ${line}`)
  try {
    if (command === 'build') {
      log(`FerretDB ${FERRETDB_VERSION}: ${ensureFerretDb(log)}`)
    } else if (command === 'start') {
      const db = await startFerretDb({ log })
      log(`listening: MONGODB_URI=${db.uri} (data in ${db.dataDir}; Ctrl-C stops it and removes the data)`)
      for (const signal of ['SIGINT', 'SIGTERM'] as const)
        process.on(signal, async () => {
          await db.stop()
          process.exit(0)
        })
      await new Promise(() => {})
    } else if (command === 'test') {
      const db = await startFerretDb({ log })
      const files = rest.length ? rest : mongodbTestFiles()
      log(`running ${files.length} test files with MONGODB_URI=${db.uri} TEST_STORE=mongodb`)
      const reportFile = join(mkdtempSync(join(tmpdir(), 'gamewise-mongodb-run-')), 'report.json')
      const tests = Bun.spawn([process.execPath, 'x', '--bun', 'vitest', 'run', '--pool=threads', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...files], {
        cwd: root,
        env: { ...process.env, MONGODB_URI: db.uri, TEST_STORE: 'mongodb' },
        stdio: ['inherit', 'inherit', 'inherit'],
      })
      const code = await tests.exited
      await db.stop()
      if (existsSync(reportFile)) for (const line of summary(JSON.parse(readFileSync(reportFile, 'utf8')), FERRETDB_VERSION)) console.log(line)
      rmSync(dirname(reportFile), { recursive: true, force: true })
      process.exit(code)
    } else {
      console.error(`unknown command "${command}": use build, start or test`)
      process.exit(2)
    }
  } catch (err) {
    if (err instanceof FerretDbSkipped) {
      console.log(err.message)
      process.exit(0)
    }
    throw err
  }
}
