import { foldWord, WORD } from '../../lib/search.ts'
import { textExpression } from './text-index.ts'
import type { TextIndex, TextPart, TextTarget } from './text-match.ts'

/**
 * The common-terms rule of `textPage` (`TextPageOptions.commonCutoff`; docs/decisions/009-site-search.md, fifth
 * pass), as Lucene's CommonTermsQuery and Elasticsearch's `cutoff_frequency` have it: a term held by more than
 * `cutoff` of the indexed documents is *common*. Beside rarer terms it is not required: the rarer terms alone are
 * walked and ranked by bm25, and the common ones then raise the best of those matches that hold them in a short
 * field (title, description). (A search of common terms alone requires every one, and text-ranking.ts orders its
 * window title first.) So no common term's list is walked or weighed: FTS5's bm25 reads the whole list of every
 * term it weighs, for its document frequency, and those are the index's longest lists (`the`: 7 ms at 100,000
 * articles). Their document frequencies come from the word list.
 */

/** How many of the best matches by the rarer terms the common terms may reorder: their short fields are read. */
export const COMMON_RERANKED = 50
// bm25's constants, as FTS5 has them
const K1 = 1.2
const B = 0.75

type Ranked = { id: number; rank: number }
type Field = { path: string; column: number; weight: number; top: boolean }
/** Which common parts each row holds in which short field (`held[part][field]`), and each row's length in tokens. */
type Held = Map<number, boolean[][]>

/**
 * A common term's weight: Lucene's IDF, ln(1 + (N − n + 0.5) / (n + 0.5)) ≈ ln(1 / share), which stays above
 * zero where bm25's (ln((N − n + 0.5) / (n + 0.5)), floored at 1e-6) gives every word in half the documents none.
 */
export function commonWeight(share: number): number {
  return Math.log(1 / Math.min(1, Math.max(share, 1e-9)))
}

/** The parts whose terms are in more than `cutoff` of the documents, and the rest. */
export function splitCommon(parts: readonly TextPart[], cutoff: number): { rare: TextPart[]; common: TextPart[] } {
  return { rare: parts.filter((p) => p.share <= cutoff), common: parts.filter((p) => p.share > cutoff) }
}

/** The index's fields outside arrays (a post's title and description): short, so read whole for a few hundred rows. */
function shortFields(spec: TextIndex): Field[] {
  const top = Math.max(...Object.values(spec.fields))
  return Object.entries(spec.fields).flatMap(([path, weight], column) => (path.includes('[]') ? [] : [{ path, column, weight, top: weight === top }]))
}

/** Whether a field's folded words hold a part's term (one of the words it stands for, or a word its start begins). */
function holds(words: readonly string[], part: TextPart): boolean {
  if (part.start !== undefined) {
    const start = foldWord(part.start)
    return words.some((w) => w.startsWith(start))
  }
  return part.words.some((p) => words.includes(foldWord(p)))
}

/** Which of `parts` each row's short fields hold, from the documents (a few hundred rows at most). */
function heldByReading(t: TextTarget, fields: readonly Field[], ids: readonly number[], parts: readonly TextPart[]): Held {
  const cols = fields.map((f, i) => `${textExpression(f.path, 'doc')} AS f${i}`).join(', ')
  const rows = t.db.query<Record<string, string | number>, [string]>(`SELECT rowid AS id, ${cols} FROM "${t.name}" WHERE rowid IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids))
  return new Map(
    rows.map((r) => {
      const words = fields.map((_, i) => [...String(r[`f${i}`]).matchAll(WORD)].map(([w]) => foldWord(w)))
      return [Number(r.id), parts.map((p) => words.map((w) => holds(w, p)))]
    }),
  )
}

/** Each row's length in tokens, all fields (FTS5's `_docsize`: one varint per column). */
function lengths(t: TextTarget, fts: string, ids: readonly number[]): Map<number, number> {
  const table = `"${fts.slice(1, -1)}_docsize"`
  const out = new Map<number, number>()
  for (const { id, sz } of t.db.query<{ id: number; sz: Uint8Array }, [string]>(`SELECT id, sz FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids))) {
    let total = 0
    for (let i = 0; i < sz.length; ) {
      let v = 0
      while (i < sz.length) {
        const b = sz[i++]!
        v = v * 128 + (b & 0x7f)
        if (b < 0x80) break
      }
      total += v
    }
    out.set(id, total)
  }
  return out
}

/**
 * What the common parts add to a row's bm25 (lower is better), on `rankSql`'s scale: per part, its weight times
 * bm25's saturated term frequency, the fields holding it counted by their weight (and the top one once more),
 * plus `base` for the mention every match has somewhere (1 when all parts are required, else 0).
 */
function commonScore(parts: readonly TextPart[], fields: readonly Field[], held: boolean[][] | undefined, length: number, average: number, base: number): number {
  const norm = K1 * (1 - B + (B * length) / Math.max(1, average))
  const saturated = (f: number) => (f * (K1 + 1)) / (f + norm)
  let score = 0
  for (const [p, part] of parts.entries()) {
    let f = base
    let top = false
    for (const [i, field] of fields.entries()) if (held?.[p]?.[i]) (f += field.weight), (top ||= field.top)
    if (f > 0) score -= commonWeight(part.share) * (saturated(f) + (top ? saturated(1) : 0))
  }
  return score
}

/**
 * Rows ranked by the rarer terms (best first), the first `COMMON_RERANKED` raised by the common terms their
 * short fields hold: about a millisecond of reading, where asking the index would read those terms' lists.
 */
export function raiseByCommonTerms(t: TextTarget, q: { spec: TextIndex; fts: string }, rows: Ranked[], common: readonly TextPart[]): Ranked[] {
  const head = rows.slice(0, COMMON_RERANKED)
  const fields = shortFields(q.spec)
  if (!head.length || !common.length || !fields.length) return rows
  const ids = head.map((r) => r.id)
  const held = heldByReading(t, fields, ids, common)
  const size = lengths(t, q.fts, ids)
  const average = [...size.values()].reduce((a, b) => a + b, 0) / Math.max(1, size.size)
  const raised = head.map((r) => ({ id: r.id, rank: r.rank + commonScore(common, fields, held.get(r.id), size.get(r.id) ?? average, average, 0) }))
  raised.sort((a, b) => a.rank - b.rank || a.id - b.id)
  return [...raised, ...rows.slice(COMMON_RERANKED)]
}
