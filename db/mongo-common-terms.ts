import type { Collection as DriverCollection } from 'mongodb'
import type { Doc } from './port.ts'

/**
 * The common-terms cut-off on MongoDB (`TextPageOptions.commonCutoff`; docs/decisions/009-site-search.md, fifth
 * pass). A term is common when more than `cutoff` of the collection's documents hold it: counted up to that
 * many and no further (a bounded count on the text index), and the answer kept a minute, for at most 2,000
 * terms. In `$text`, a quoted term is required and an unquoted one only adds to the text score, so the rarer
 * terms go quoted and the common ones not, unless every term is common: then all are quoted (all required).
 */
const KEPT_MS = 60_000
const KEPT_MAX = 2_000

export class CommonTermCounts {
  private kept = new Map<string, { common: boolean; at: number }>()

  /** Whether each term is held by more than `cutoff` of `c`'s documents. */
  async common(c: DriverCollection<Doc>, terms: readonly string[], cutoff: number, now = Date.now()): Promise<boolean[]> {
    const total = await c.estimatedDocumentCount()
    const limit = Math.floor(cutoff * total) + 1
    return Promise.all(
      terms.map(async (term) => {
        const key = `${c.collectionName}\u0000${term}\u0000${limit}`
        const kept = this.kept.get(key)
        if (kept && now - kept.at < KEPT_MS) return kept.common
        const n = await c.countDocuments({ $text: { $search: quoted(term) } }, { limit })
        const common = n >= limit
        this.kept.delete(key)
        this.kept.set(key, { common, at: now })
        while (this.kept.size > KEPT_MAX) this.kept.delete(this.kept.keys().next().value!)
        return common
      }),
    )
  }
}

const quoted = (term: string) => `"${term.replaceAll('"', ' ')}"`

/** The `$search` text: every term quoted (required), or, under a cut-off, the common ones bare (optional) beside rarer ones. */
export function textSearchString(terms: readonly string[], common?: readonly boolean[]): string {
  const optional = common && common.some((c) => !c) ? common : terms.map(() => false)
  return terms.map((t, i) => (optional[i] ? t.replaceAll('"', ' ') : quoted(t))).join(' ')
}
