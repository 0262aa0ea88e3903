import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { StoreObserver } from '../db/timed-store.ts'
import type { RenderCache } from './render-cache.ts'
import { sameSecret } from './same-secret.ts'

/**
 * Prometheus metrics (prom-client), served at `/metrics` to a caller with `METRICS_TOKEN`. Without the
 * token nobody can read them, so nothing is measured either: every observer is a no-op and the store
 * is not wrapped. One registry per app context, so tests can build many apps in one process.
 */

/**
 * prom-client's default metrics that tell the truth under Bun 1.4 (checked one by one). Left out:
 * `nodejs_heap_*` and `nodejs_external_memory_bytes` (Bun reports heap total = used, and spaces as 0),
 * `process_heap_bytes` (VmData: gigabytes of reserved address space under Bun), `nodejs_active_*`
 * (always 0), `nodejs_gc_duration_seconds` (never observed) and `nodejs_version_info` (Node's version, not Bun's).
 */
const DEFAULT_METRICS = new Set([
  'process_cpu_user_seconds_total',
  'process_cpu_system_seconds_total',
  'process_cpu_seconds_total',
  'process_start_time_seconds',
  'process_resident_memory_bytes',
  'process_virtual_memory_bytes',
  'process_open_fds',
  'process_max_fds',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_min_seconds',
  'nodejs_eventloop_lag_max_seconds',
  'nodejs_eventloop_lag_mean_seconds',
  'nodejs_eventloop_lag_stddev_seconds',
  'nodejs_eventloop_lag_p50_seconds',
  'nodejs_eventloop_lag_p90_seconds',
  'nodejs_eventloop_lag_p99_seconds',
])

// methods outside this list would each make a new series: a client cannot grow the label set
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

export type Metrics = ReturnType<typeof createMetrics>
export type MetricsAccess = 'ok' | 'disabled' | 'missing' | 'wrong'

export function createMetrics(opts: { token?: string; defaultMetrics?: boolean }) {
  const { token } = opts
  const registry = new Registry()
  const enabled = Boolean(token)
  const registers = [registry]

  const requests = new Histogram({
    name: 'gamewise_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class; its _count is the request rate',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const store = new Histogram({
    name: 'gamewise_store_operation_duration_seconds',
    help: 'Time a store operation took, by operation and collection',
    labelNames: ['operation', 'collection'] as const,
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers,
  })
  const storeErrors = new Counter({
    name: 'gamewise_store_operation_errors_total',
    help: 'Store operations that failed (duplicate keys included), by operation and collection',
    labelNames: ['operation', 'collection'] as const,
    registers,
  })
  const commits = new Histogram({
    name: 'gamewise_click_commit_duration_seconds',
    help: 'Time one group commit of queued clicks took',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers,
  })
  const commitSize = new Histogram({
    name: 'gamewise_click_commit_clicks',
    help: 'Clicks written by one group commit',
    buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000],
    registers,
  })

  /** Gauges and counters read from a component's own figures when scraped: nothing on the hot path. */
  function watch(parts: { renderCache: RenderCache; tracker: { readonly pending: number; readonly lost: number; readonly viewsOverLimit: number } }) {
    if (!enabled) return
    const { renderCache, tracker } = parts
    // cumulative figures kept by the component itself: the counter shows them as they are at scrape time
    const counter = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset()
          this.inc(read())
        },
      })
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read())
        },
      })
    counter('gamewise_render_cache_hits_total', 'Render cache lookups answered from memory', () => renderCache.stats.hits)
    counter('gamewise_render_cache_misses_total', 'Render cache lookups that had to render', () => renderCache.stats.misses)
    gauge('gamewise_render_cache_entries', 'Answers held in the render cache', () => renderCache.size)
    gauge('gamewise_render_cache_bytes', 'Memory the render cache holds, in bytes', () => renderCache.bytes)
    gauge('gamewise_click_queue_depth', 'Clicks queued and not yet committed', () => tracker.pending)
    counter('gamewise_clicks_lost_total', 'Clicks that could not be stored (each is logged)', () => tracker.lost)
    counter('gamewise_views_over_limit_total', 'Page views not counted: their network was past VIEW_VELOCITY_LIMIT for the hour', () => tracker.viewsOverLimit)
  }

  if (enabled && opts.defaultMetrics !== false) {
    collectDefaultMetrics({ register: registry })
    for (const { name } of registry.getMetricsAsArray()) if (!name.startsWith('gamewise_') && !DEFAULT_METRICS.has(name)) registry.removeSingleMetric(name)
  }

  const observeStore: StoreObserver = (operation, collection, seconds, failed) => {
    store.observe({ operation, collection }, seconds)
    if (failed) storeErrors.inc({ operation, collection })
  }

  return {
    enabled,
    /** One answered request; `route` is the matched pattern (`/go/:brandId`), never the raw URL. */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      if (enabled) requests.observe({ method: METHODS.has(method) ? method : 'OTHER', route, status: `${Math.floor(status / 100)}xx` }, seconds)
    },
    /** For `timeStore` (db/timed-store.ts); undefined when metrics are off, so the store stays unwrapped. */
    observeStore: enabled ? observeStore : undefined,
    /** The tracker's hook: one group commit of `clicks` clicks took `seconds`. */
    observeClickCommit: enabled
      ? (clicks: number, seconds: number) => {
          commits.observe(seconds)
          commitSize.observe(clicks)
        }
      : undefined,
    watch,
    /** Whether an `Authorization` header may read the metrics; the token is compared in constant time. */
    access(authorization: string | undefined): MetricsAccess {
      if (!token) return 'disabled'
      const given = /^bearer\s/i.test(authorization ?? '') ? authorization!.slice(7).trim() : ''
      if (!given) return 'missing'
      return sameSecret(given, token) ? 'ok' : 'wrong'
    },
    contentType: registry.contentType,
    /** The text exposition format. */
    exposition: () => registry.metrics(),
  }
}
