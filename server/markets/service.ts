import { DuplicateKeyError } from '../../db/port.ts'
import type { MarketsRepository } from '../../db/repositories/markets.ts'
import { changedFields } from '../../lib/audit.ts'
import { marketInputSchema, marketKeySchema } from '../../lib/market-schema.ts'
import { DEFAULT_MARKET, type Market, marketForVisitor, marketPrefix, splitMarketPath } from '../../lib/markets.ts'
import { AppError, invalidInput, notFound } from '../errors.ts'
import type { AuditService } from '../operations/audit.ts'
import { assertCurrentVersion, nextVersion } from '../editorial/edit-versions.ts'

type Snapshot = { list: Market[]; byPrefix: Map<string, Market>; prefixes: Set<string> }

const snapshotOf = (list: Market[]): Snapshot => {
  const byPrefix = new Map(list.map((m) => [marketPrefix(m), m]))
  return { list, byPrefix, prefixes: new Set(byPrefix.keys()) }
}


/**
 * Markets (issue 23), kept in memory: routing asks which market a path is in on every page request, so
 * that is a map lookup (`split`), never a store read. Reloaded after every write here and, for writes
 * by other processes, when the render cache's generation moves (a content write anywhere clears it).
 */
export function createMarketsService(deps: { markets: MarketsRepository; audit: AuditService; now: () => Date; onChange: () => void; generation: () => number }) {
  let snap: Snapshot = snapshotOf([])
  let loadedAt = -1
  let loading: Promise<void> | null = null

  async function load() {
    const list = await deps.markets.list()
    snap = snapshotOf(list)
  }
  /** Starts a reload when another process may have changed the markets (never waits for it). */
  function fresh(): Snapshot {
    const gen = deps.generation()
    if (gen !== loadedAt && !loading) {
      loadedAt = gen
      loading = load()
        .catch(() => {})
        .finally(() => (loading = null))
    }
    return snap
  }

  async function write(key: string, input: unknown, mode: 'create' | 'update', baseVersion?: string): Promise<Market> {
    const parsed = marketInputSchema.safeParse(input)
    if (!parsed.success) throw invalidInput(parsed.error, 'market')
    if (mode === 'update' && parsed.data.key !== key) throw new AppError('bad_request', 'Invalid key: a market keeps its key (its URL prefix); create a new market instead', [{ path: 'key', message: 'cannot change' }])
    const at = deps.now().toISOString()
    const before = await deps.markets.find(parsed.data.key)
    if (mode === 'update' && !before) throw notFound('Market not found')
    if (before) await assertCurrentVersion({ base: baseVersion, current: before.updatedAt, name: `The market “${before.name}”`, lastWrite: () => deps.audit.lastWrite(`market:${before.key}`) })
    const market: Market = { ...parsed.data, createdAt: before?.createdAt ?? at, updatedAt: nextVersion(before?.updatedAt, deps.now()) }
    if (mode === 'create') {
      try {
        await deps.markets.insert(market)
      } catch (err) {
        if (err instanceof DuplicateKeyError) throw new AppError('conflict', `Invalid key: a market "${market.key}" exists already`, [{ path: 'key', message: 'is taken' }])
        throw err
      }
    } else await deps.markets.replace(market)
    await load()
    deps.onChange() // pages of every market show its rules
    await deps.audit.record({ action: `market.${mode}`, target: `market:${market.key}`, changes: changedFields(before as Record<string, unknown> | null, market as unknown as Record<string, unknown>) })
    return market
  }

  return {
    /** Reads the markets (start, and tests after writing to the store directly). */
    load,
    /** Every stored market, by key (the default market is not among them). */
    list: (): Market[] => fresh().list,
    /** The market of a path (`/ca-on/brands/x` → Ontario and `/brands/x`); the default market for unprefixed paths. */
    split(path: string): { market: Market; prefix: string; rest: string } {
      const s = fresh()
      const { prefix, rest } = splitMarketPath(path, s.prefixes)
      return { market: (prefix && s.byPrefix.get(prefix)) || DEFAULT_MARKET, prefix, rest }
    },
    /** A market by its prefix ('' = the default market); unknown answers the default. */
    byPrefix: (prefix: string): Market => (prefix && fresh().byPrefix.get(prefix)) || DEFAULT_MARKET,
    prefixes: (): ReadonlySet<string> => fresh().prefixes,
    /** The market that serves a visitor's country (or region), when it is not the default one. */
    forVisitor: (country: string | null, region?: string | null): Market | null => marketForVisitor(fresh().list, country, region),
    async get(key: string): Promise<Market> {
      const k = marketKeySchema.safeParse(key)
      const found = k.success ? await deps.markets.find(k.data) : null
      if (!found) throw notFound(`Market not found: ${String(key).slice(0, 40)}`)
      return found
    },
    create: (input: unknown) => write(String((input as { key?: unknown })?.key ?? ''), input, 'create'),
    /** `baseVersion`: the market's `updatedAt` the admin loaded (If-Match); a newer save is refused with 409. */
    update: (key: string, input: unknown, opts: { baseVersion?: string } = {}) => write(key, { ...(input as object), key: (input as { key?: unknown })?.key ?? key }, 'update', opts.baseVersion),
    async remove(key: string) {
      const before = await this.get(key)
      await deps.markets.remove(before.key)
      await load()
      deps.onChange()
      await deps.audit.record({ action: 'market.delete', target: `market:${before.key}`, changes: changedFields(before as unknown as Record<string, unknown>, null) })
    },
    /** The demo's markets, into a store that has none of them. */
    async seed(list: Market[]) {
      const added = await deps.markets.insertMissing(list)
      await load()
      return added
    },
  }
}
export type MarketsService = ReturnType<typeof createMarketsService>
