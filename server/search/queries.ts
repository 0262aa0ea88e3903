import type { QueryCount, SearchQueriesRepository } from '../../db/repositories/search-queries.ts'
import { addDays, utcDay } from '../../lib/format.ts'
import { foldWord, WORD } from '../../lib/search.ts'
import { isBotRequest } from '../attribution/tracker.ts'

/** Days a query's counts are kept. */
export const SEARCH_QUERIES_KEEP_DAYS = 90
/** Words and characters of a recorded query: enough for any real one, and a bound on every row. */
export const RECORDED_WORDS_MAX = 8
export const RECORDED_QUERY_MAX = 100
/** New queries one process records a day; past it only queries already counted that day grow (a flood of junk is bounded). */
export const NEW_QUERIES_PER_DAY = 5_000

/**
 * A query as counted: its words (letters and digits in any script), lower-case without diacritics,
 * one space apart, at most `RECORDED_WORDS_MAX` and `RECORDED_QUERY_MAX` characters ("Nova  SPINS!" →
 * "nova spins"); null when it has no word.
 */
export function normaliseQuery(q: string | null | undefined): string | null {
  const words: string[] = []
  for (const [w] of (q ?? '').slice(0, 1_000).normalize('NFC').matchAll(WORD)) {
    words.push(foldWord(w))
    if (words.length === RECORDED_WORDS_MAX) break
  }
  let out = words.join(' ')
  if (out.length > RECORDED_QUERY_MAX) out = out.slice(0, RECORDED_QUERY_MAX).replace(/\s+\S*$/, '') || out.slice(0, RECORDED_QUERY_MAX)
  return out || null
}

export type QueryReportRow = { query: string; searches: number; noResults: number }
export type QueryReport = { from: string; to: string; days: number; noResults: boolean; queries: QueryReportRow[] }

/**
 * What readers search for (issue 26), without who they are: each search's normalised query is counted
 * per day, with whether it found nothing, in memory first and written in one batch every `flushMs`
 * (as clicks are: a search never waits on a write). Bots (by user agent, and HEAD requests) are left
 * out. Bounded: a pending batch holds at most `NEW_QUERIES_PER_DAY` queries, each process adds at
 * most that many new queries a day, and rows older than 90 days are pruned once a day.
 *
 * Whether a query found anything is learnt when the search runs (`noteOutcome`); a cached answer is
 * counted with what its query found last time (remembered for the most recent 2,000 queries).
 */
export function createSearchQueries(deps: { repo: SearchQueriesRepository; now: () => Date; flushMs?: number; onError?: (err: unknown) => void }) {
  const flushMs = deps.flushMs ?? 2_000
  const outcomes = new Map<string, boolean>() // query → found something; least recently used first
  const OUTCOMES_MAX = 2_000
  let pending = new Map<string, QueryCount>()
  let today = ''
  let seenToday = new Set<string>()
  let pruned = ''
  let timer: ReturnType<typeof setTimeout> | null = null
  let flushing: Promise<void> = Promise.resolve()
  let dropped = 0

  async function write(batch: QueryCount[], pruneBefore: string | null) {
    try {
      if (batch.length) await deps.repo.add(batch)
      if (pruneBefore) await deps.repo.prune(pruneBefore)
    } catch (err) {
      // statistics are not worth a retry loop: this batch is lost, the next one is written
      deps.onError?.(err)
    }
  }

  const service = {
    /** The search service tells what a query found, each time it runs one. */
    noteOutcome(q: string, found: boolean) {
      const key = normaliseQuery(q)
      if (!key) return
      outcomes.delete(key)
      outcomes.set(key, found)
      if (outcomes.size > OUTCOMES_MAX) outcomes.delete(outcomes.keys().next().value!)
    },

    /** One search a visitor made (page 1 of a query, not a bot): counted, written later. */
    record(input: { q: string | null | undefined; page?: string | null; userAgent: string; method: string }) {
      if (input.page && input.page.trim() !== '' && input.page.trim() !== '1') return
      if (isBotRequest(input.userAgent, input.method)) return
      const query = normaliseQuery(input.q)
      if (!query) return
      const now = deps.now()
      const d = utcDay(now)
      if (d !== today) {
        today = d
        seenToday = new Set()
      }
      if (!seenToday.has(query)) {
        if (seenToday.size >= NEW_QUERIES_PER_DAY) {
          dropped++
          return
        }
        seenToday.add(query)
      }
      const key = `${d} ${query}`
      const row = pending.get(key) ?? pending.set(key, { query, day: d, searches: 0, empty: 0 }).get(key)!
      row.searches++
      if (outcomes.get(query) === false) row.empty++
      if (!timer) {
        timer = setTimeout(() => void service.flush(), flushMs)
        ;(timer as { unref?: () => void }).unref?.()
      }
    },

    /** Writes what is pending (and, once a day, forgets days past `SEARCH_QUERIES_KEEP_DAYS`). */
    flush(): Promise<void> {
      if (timer) clearTimeout(timer)
      timer = null
      const batch = [...pending.values()]
      pending = new Map()
      const d = utcDay(deps.now())
      const pruneBefore = pruned !== d ? addDays(utcDay(deps.now()), -SEARCH_QUERIES_KEEP_DAYS) : null
      if (pruneBefore) pruned = d
      flushing = flushing.then(() => write(batch, pruneBefore))
      return flushing
    },

    /** Queries past the day's bound, not counted (since start). */
    get dropped() {
      return dropped
    },

    /**
     * The most searched queries of the last `days` days (today included), or with `noResults` those that
     * found nothing, by how often they found nothing. What is still pending is written first.
     */
    async report(opts: { days?: number; noResults?: boolean; limit?: number } = {}): Promise<QueryReport> {
      const days = opts.days ?? 30
      const now = deps.now()
      await service.flush()
      const from = addDays(utcDay(now), -(days - 1))
      const to = utcDay(now)
      const rows = await deps.repo.totals(from, to)
      const noResults = opts.noResults === true
      const queries = rows
        .filter((r) => !noResults || r.empty > 0)
        .sort((a, b) => (noResults ? b.empty - a.empty : 0) || b.searches - a.searches || a.query.localeCompare(b.query))
        .slice(0, opts.limit ?? 50)
        .map((r) => ({ query: r.query, searches: r.searches, noResults: r.empty }))
      return { from, to, days, noResults, queries }
    },
  }
  return service
}
export type SearchQueries = ReturnType<typeof createSearchQueries>
