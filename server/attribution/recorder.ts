import type { ClicksRepository } from '../../db/repositories/clicks.ts'
import { type Increment, incrementOps } from '../../db/repositories/counters.ts'
import { DuplicateKeyError } from '../../db/port.ts'
import type { TrackedClick } from './click.ts'
import { countsForClick } from './counters.ts'
import type { Trust } from './trust.ts'

/**
 * Records clicks through a queue that commits in batches: one transaction for all the clicks that
 * arrived in the same turn of the event loop (with every counter they add: ./counters.ts), after one
 * store call that settles which are unique and which suspect (./trust.ts). A click's promise settles
 * when its batch is stored.
 */
export function createRecorder(deps: {
  clicks: ClicksRepository
  trust: Pick<Trust, 'markClicks' | 'markSlotClicks'>
  /** told of every increment a commit wrote (the reports keep their sums fresh with them) */
  onCounted?: (increments: readonly Increment[]) => void
  flushMs?: number
  maxBatch?: number
  /** told after each group commit how many clicks it wrote and how long it took (metrics) */
  onCommit?: (clicks: number, seconds: number) => void
}) {
  type Pending = { click: TrackedClick; done: (err?: unknown) => void }
  let queue: Pending[] = []
  let timer: { cancel: () => void } | null = null
  let flushing: Promise<void> = Promise.resolve()
  let lost = 0

  /** Group commit: everything queued goes in one batch; if that fails, each click alone, so one bad click fails alone. */
  async function flush() {
    timer?.cancel()
    timer = null
    const batch = queue
    queue = []
    if (!batch.length) return
    try {
      await deps.trust.markClicks(batch.map((p) => p.click))
    } catch (err) {
      // only what was already known past the limit is suspect; the rest count as plain repeats
      console.error('[tracking] could not count clicks per network; counting them as repeats:', err)
    }
    try {
      await deps.trust.markSlotClicks(batch.map((p) => p.click))
    } catch (err) {
      console.error('[tracking] could not count slot clicks; the clicks count without them:', err)
    }
    try {
      const clicks = batch.map((p) => p.click)
      const increments = clicks.flatMap(countsForClick)
      await deps.clicks.recordMany(clicks, incrementOps(increments))
      deps.onCounted?.(increments)
      for (const p of batch) p.done()
    } catch {
      for (const p of batch) {
        try {
          const increments = countsForClick(p.click)
          await deps.clicks.recordMany([p.click], incrementOps(increments))
          deps.onCounted?.(increments)
          p.done()
        } catch (err) {
          if (!(err instanceof DuplicateKeyError)) {
            lost++
            console.error('[tracking] could not record a click:', err)
          }
          p.done(err)
        }
      }
    }
  }

  /** A flush, timed for `deps.onCommit`. */
  async function commit() {
    const clicks = queue.length
    if (!clicks || !deps.onCommit) return flush()
    const start = performance.now()
    await flush()
    deps.onCommit(clicks, (performance.now() - start) / 1000)
  }

  return {
    /** Queues a click; the promise settles when its batch has been committed. */
    record(click: TrackedClick): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue.push({ click, done: (err) => (err ? reject(err) : resolve()) })
        if (queue.length >= (deps.maxBatch ?? 1_000)) flushing = flushing.then(commit)
        else if (!timer) {
          // by default the commit runs on the next turn of the event loop: under load that turn has
          // gathered many clicks (one transaction for all), and a lone click waits for nothing
          const run = () => (flushing = flushing.then(commit))
          if (deps.flushMs) {
            const t = setTimeout(run, deps.flushMs)
            timer = { cancel: () => clearTimeout(t) }
          } else {
            const i = setImmediate(run)
            timer = { cancel: () => clearImmediate(i) }
          }
        }
      })
    },
    /** Writes whatever is queued; called on shutdown and by tests. */
    async flush() {
      await (flushing = flushing.then(commit))
    },
    get pending() {
      return queue.length
    },
    get lost() {
      return lost
    },
  }
}
export type Recorder = ReturnType<typeof createRecorder>
