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
 * New queries one network (trust.ts `networkOf`: an IPv4 address, an IPv6 /64) may add in a day (issue
 * 35): a reader searches a handful, so one address's flood of junk spends its own 50, never the day's
 * 5,000 that every other reader's queries need. It takes 100 networks to fill the day.
 */
export const NEW_QUERIES_PER_NETWORK = 50
/** Distinct (query, network) pairs a pending batch holds before it is written early: the batch's bound. */
export const PENDING_VISITORS_MAX = 10_000

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

/** `visitors`: the distinct networks that searched it (a day's, summed over the days); the list ranks by it. */
export type QueryReportRow = { query: string; searches: number; visitors: number; noResults: number }
export type QueryReport = { from: string; to: string; days: number; noResults: boolean; queries: QueryReportRow[] }

/** A network's claim on a query's day (the store's one-time claims): kept an hour past the day, for batches written after midnight. */
const visitorClaim = (d: string, visitor: string, query: string) => ({ key: `search:${d}:${visitor}:${query}`, expiresAt: new Date(Date.parse(`${d}T00:00:00Z`) + 25 * 3_600_000) })

type PendingRow = QueryCount & { seen: Set<string> }

/**
 * What readers search for (issue 26), without who they are: each search's normalised query is counted
 * per day, with whether it found nothing, in memory first and written in one batch every `flushMs`
 * (as clicks are: a search never waits on a write). Bots (by user agent, and HEAD requests) are left
 * out. Bounded: a pending batch holds at most `NEW_QUERIES_PER_DAY` queries and `PENDING_VISITORS_MAX`
 * visitors, each process adds at most that many new queries a day — at most `NEW_QUERIES_PER_NETWORK`
 * of them from any one network (issue 35: one address's junk cannot crowd out everyone's queries) —
 * and rows older than 90 days are pruned once a day.
 *
 * Each row also counts its distinct visitors (networks, hashed as clicks' are: `visitorOf`): a network
 * counts once per query per day, by a one-time claim in the store written with the batch, so several
 * server processes and restarts agree. The report ranks by them, so 300 searches from one address are
 * one visitor, below a query four readers typed. Only counts are kept in a row, never a visitor.
 *
 * Whether a query found anything is learnt when the search runs (`noteOutcome`); a cached answer is
 * counted with what its query found last time (remembered for the most recent 2,000 queries).
 */
export function createSearchQueries(deps: {
  repo: SearchQueriesRepository
  /** the store's one-time claims (limits repository): a network's first search of a query that day */
  claim: (keys: { key: string; expiresAt: Date }[]) => Promise<Set<string>>
  /** a visitor's network, hashed (attribution/trust.ts `networkHash`) */
  visitorOf: (ip: string) => string
  now: () => Date
  flushMs?: number
  onError?: (err: unknown) => void
}) {
  const flushMs = deps.flushMs ?? 2_000
  const outcomes = new Map<string, boolean>() // query → found something; least recently used first
  const OUTCOMES_MAX = 2_000
  let pending = new Map<string, PendingRow>()
  let pendingVisitors = 0
  let today = ''
  let seenToday = new Set<string>()
  // network → new queries it added today; an entry is made only with a new query, so it never
  // outgrows `seenToday` (NEW_QUERIES_PER_DAY entries): bounded however many networks search
  let newByNetwork = new Map<string, number>()
  let pruned = ''
  let timer: ReturnType<typeof setTimeout> | null = null
  let flushing: Promise<void> = Promise.resolve()
  let dropped = 0

  async function write(batch: PendingRow[], pruneBefore: string | null) {
    try {
      const claims = batch.flatMap((r) => [...r.seen].map((v) => visitorClaim(r.day, v, r.query)))
      const won = claims.length ? await deps.claim(claims) : new Set<string>()
      const counts = batch.map(({ seen, ...r }): QueryCount => ({ ...r, visitors: [...seen].filter((v) => won.has(visitorClaim(r.day, v, r.query).key)).length }))
      if (counts.length) await deps.repo.add(counts)
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

    /** One search a visitor made (page 1 of a query, not a bot): counted, written later. `ip`: the client's address, hashed here, never kept. */
    record(input: { q: string | null | undefined; page?: string | null; userAgent: string; method: string; ip: string }) {
      if (input.page && input.page.trim() !== '' && input.page.trim() !== '1') return
      if (isBotRequest(input.userAgent, input.method)) return
      const query = normaliseQuery(input.q)
      if (!query) return
      const now = deps.now()
      const d = utcDay(now)
      if (d !== today) {
        today = d
        seenToday = new Set()
        newByNetwork = new Map()
      }
      const visitor = deps.visitorOf(input.ip)
      if (!seenToday.has(query)) {
        // a query new today is charged to the network that brings it
        const spent = newByNetwork.get(visitor) ?? 0
        if (spent >= NEW_QUERIES_PER_NETWORK || seenToday.size >= NEW_QUERIES_PER_DAY) {
          dropped++
          return
        }
        seenToday.add(query)
        newByNetwork.set(visitor, spent + 1)
      }
      const key = `${d} ${query}`
      const row = pending.get(key) ?? pending.set(key, { query, day: d, searches: 0, empty: 0, visitors: 0, seen: new Set() }).get(key)!
      row.searches++
      if (outcomes.get(query) === false) row.empty++
      if (!row.seen.has(visitor)) {
        row.seen.add(visitor)
        if (++pendingVisitors >= PENDING_VISITORS_MAX) return void service.flush()
      }
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
      pendingVisitors = 0
      const d = utcDay(deps.now())
      const pruneBefore = pruned !== d ? addDays(d, -SEARCH_QUERIES_KEEP_DAYS) : null
      if (pruneBefore) pruned = d
      flushing = flushing.then(() => write(batch, pruneBefore))
      return flushing
    },

    /** Searches of new queries past the day's or their network's bound, not counted (since start). */
    get dropped() {
      return dropped
    },
    /** Networks that added a query today (the per-network budget's map; at most NEW_QUERIES_PER_DAY). */
    get networksToday() {
      return newByNetwork.size
    },
    /** Distinct (query, network) pairs waiting for the next write (at most PENDING_VISITORS_MAX). */
    get pendingVisitors() {
      return pendingVisitors
    },

    /**
     * The queries most visitors (networks) searched in the last `days` days (today included), then by
     * searches; with `noResults` those that found nothing, in the same order. What is still pending is
     * written first.
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
        // distinct visitors first: raw counts are one address's to inflate
        .sort((a, b) => b.visitors - a.visitors || (noResults ? b.empty - a.empty : 0) || b.searches - a.searches || a.query.localeCompare(b.query))
        .slice(0, opts.limit ?? 50)
        .map((r) => ({ query: r.query, searches: r.searches, visitors: r.visitors, noResults: r.empty }))
      return { from, to, days, noResults, queries }
    },
  }
  return service
}
export type SearchQueries = ReturnType<typeof createSearchQueries>
