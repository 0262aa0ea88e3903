import { tracingChannel } from 'node:diagnostics_channel'
import pino from 'pino'
import type { Config } from './config.ts'

// Bun 1.4's TracingChannel has no `hasSubscribers` (oven-sh/bun#27805). pino checks it on every line and,
// reading undefined rather than false, traces each line through diagnostics_channel: measured at about
// a third of a request line's cost. Node's getter, where it is missing:
const tracingProto = Object.getPrototypeOf(tracingChannel('gamewise:logger'))
if (!('hasSubscribers' in tracingProto)) {
  Object.defineProperty(tracingProto, 'hasSubscribers', {
    configurable: true,
    get() {
      return Boolean(this.start?.hasSubscribers || this.end?.hasSubscribers || this.asyncStart?.hasSubscribers || this.asyncEnd?.hasSubscribers || this.error?.hasSubscribers)
    },
  })
}

/**
 * Structured JSON logs (pino): one line per request (server/request-log.ts), plus errors with the id of the
 * request they belong to: `{"level":30,"time":1700000000000,"reqId":"…","method":"GET","route":"/go/:brandId",…}`.
 */
export type Logger = pino.Logger
export type LogDestination = pino.DestinationStream
export { LOG_LEVELS, type LogLevel } from './config.ts'

/**
 * Top-level keys censored in any logged object: belt and braces, since request lines carry only chosen
 * fields and never headers, bodies or query strings. Top-level keys only: wildcard paths cost ~4× per line under Bun.
 */
const REDACT = ['authorization', 'cookie', 'password', 'token', 'accessToken', 'refreshToken', 'key', 'secret']

/**
 * Where lines go, unless a destination is passed in (tests capture lines that way):
 * - server: stdout, a few milliseconds of lines written together (see `batchedDestination`);
 * - tests: errors through console.error, so test/setup.ts fails a test on one it did not expect;
 *   anything else (with LOG_LEVEL lowered) through console.log (console.error for a stderr logger).
 */
function defaultDestination(config: Pick<Config, 'env'>, fd: 1 | 2): LogDestination {
  if (config.env === 'test') {
    const out = fd === 2 ? console.error : console.log
    return pino.multistream(
      [
        { level: 'trace', stream: { write: (line: string) => out(line.trimEnd()) } },
        { level: 'error', stream: { write: (line: string) => console.error(line.trimEnd()) } },
      ],
      { dedupe: true },
    )
  }
  return batchedDestination(fd)
}

/**
 * Lines encoded into a 16 KB buffer as they come, then written together by pino's own destination
 * (SonicBoom, synchronous: it handles partial writes and a full pipe) once the buffer is full or 50 ms
 * have passed. Measured under Bun 1.4, on top of formatting a line: pino's asynchronous destination
 * costs 5–7 µs a line (each line its own fs.write: lines do not gather, and Bun's async write is
 * dear), its synchronous one 3 µs (a write per line), and gathering lines as one string about 1 µs
 * (joining strings made milliseconds apart is slow); encoding each line while it is fresh costs least.
 * Nothing is lost on a graceful stop (`flushLogs`), nor on `process.exit` or a crash (the exit hook
 * writes what is pending); a SIGKILL loses at most 50 ms of lines.
 */
const BATCH_BYTES = 16 * 1024
const BATCH_MS = 50

/** `dest`: a file descriptor (stdout, stderr) or a file path. */
export function batchedDestination(dest: number | string): LogDestination & { flush(cb?: () => void): void } {
  const out = pino.destination({ dest, sync: true, contentMode: 'buffer' })
  const buffer = Buffer.allocUnsafe(BATCH_BYTES)
  let used = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  // SonicBoom's types say string; in buffer mode it takes bytes
  const send = (bytes: Buffer) => out.write(bytes as unknown as string)
  const flushSync = () => {
    clearTimeout(timer)
    timer = undefined
    if (!used) return
    const bytes = Buffer.from(buffer.subarray(0, used)) // a copy: the buffer is refilled at once
    used = 0
    send(bytes)
  }
  process.on('exit', flushSync)
  return {
    write(line: string) {
      // a UTF-8 character takes at most 3 bytes per UTF-16 unit: flush first unless the line surely fits
      if (used + line.length * 3 > BATCH_BYTES) flushSync()
      if (line.length * 3 > BATCH_BYTES) return void send(Buffer.from(line)) // a long line (a stack) alone
      used += buffer.write(line, used)
      timer ??= setTimeout(flushSync, BATCH_MS).unref() // unref: a CLI run still ends at once
    },
    flush(cb) {
      flushSync()
      cb?.()
    },
  }
}

export function createLogger(config: Pick<Config, 'env' | 'logLevel'>, opts: { destination?: LogDestination; fd?: 1 | 2 } = {}): Logger {
  return pino(
    {
      level: config.logLevel,
      // pino's own line format (numeric `level`, `time` in epoch ms), which its tools read (pino-pretty);
      // a level name and an ISO time cost 1 µs more per line under Bun
      base: undefined, // no pid/hostname on every line: the platform's log shipper knows where it runs
      redact: { paths: REDACT, censor: '[redacted]' },
    },
    opts.destination ?? defaultDestination(config, opts.fd ?? 1),
  )
}

/**
 * Writes a request's line (server/request-log.ts); `user` only once a route verified a token; `sample` when
 * the line stands for that many answers of which only it was logged (server/fast-path.ts).
 */
export type RequestLineWriter = (reqId: string, method: string, route: string, status: number, ms: number, user?: string, sample?: number) => void

/**
 * Writes request lines exactly as `log.info({ reqId, method, route, status, ms, user }, 'request')` would
 * (`warn` for a 5xx), but as one string built from the few known fields: pino's general path (an object
 * per line, each value serialised and checked for redaction) was most of a render-cache hit's log cost.
 * The request id is safe as it is (`requestIdFrom`); anything else a client chose is JSON-escaped. A
 * destination that wants pino's metadata per line (a multistream, as in tests) gets the line from pino.
 */
export function requestLineWriter(log: Logger): RequestLineWriter {
  const stream = (log as unknown as Record<symbol, (LogDestination & Record<symbol, unknown>) | undefined>)[pino.symbols.streamSym]
  if (!stream || stream[pino.symbols.needsMetadataGsym]) {
    return (reqId, method, route, status, ms, user, sample) => log[status >= 500 ? 'warn' : 'info']({ reqId, method, route, status, ms, user, sample }, 'request')
  }
  return (reqId, method, route, status, ms, user, sample) => {
    const level = status >= 500 ? 40 : 30
    if (log.levelVal > level) return
    const who = user === undefined ? '' : `,"user":${JSON.stringify(user)}`
    const sampled = sample === undefined ? '' : `,"sample":${sample}`
    stream.write(
      `{"level":${level},"time":${Date.now()},"reqId":"${reqId}","method":${JSON.stringify(method)},"route":${JSON.stringify(route)},"status":${status},"ms":${ms}${who}${sampled},"msg":"request"}\n`,
    )
  }
}

/** Writes whatever the destination still buffers; call before exiting. */
export function flushLogs(log: Logger): Promise<void> {
  return new Promise((resolve) => log.flush(() => resolve()))
}

/** An incoming `X-Request-Id` is echoed only when short and plain: it ends up in logs and headers. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

export function requestIdFrom(header: string | undefined): string {
  return header && safeRequestId(header) ? header : crypto.randomUUID()
}

export const safeRequestId = (header: string) => SAFE_REQUEST_ID.test(header)

/** What a handler logs through (`c.var.log`): lines carry the request's id. */
export type RequestLog = Pick<Logger, 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'>

// the arguments of pino's overloaded log methods, forwarded as they are
type LogArgs = [any, ...any[]]

/**
 * A request's logger, made on first use: most requests never log beyond their request line, and a pino
 * child costs about as much as the line itself.
 */
class LazyRequestLog {
  #child: Logger | undefined
  constructor(
    private readonly root: Logger,
    private readonly reqId: string,
  ) {}

  get #log() {
    return (this.#child ??= this.root.child({ reqId: this.reqId }))
  }

  fatal(...args: LogArgs) {
    this.#log.fatal(...args)
  }
  error(...args: LogArgs) {
    this.#log.error(...args)
  }
  warn(...args: LogArgs) {
    this.#log.warn(...args)
  }
  info(...args: LogArgs) {
    this.#log.info(...args)
  }
  debug(...args: LogArgs) {
    this.#log.debug(...args)
  }
  trace(...args: LogArgs) {
    this.#log.trace(...args)
  }
}

export function requestLog(root: Logger, reqId: string): RequestLog {
  return new LazyRequestLog(root, reqId)
}
