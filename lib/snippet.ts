import { foldWord, type SnippetSegment, WORD } from './search.ts'

/** About how long a snippet is, in characters, and how much of it comes before the first match. */
export const SNIPPET_WIDTH = 180
const LEAD = 50
/** Characters read per text and per post: a pathological body cannot make a results page slow. */
const MAX_TEXT = 20_000
const MAX_TOTAL = 200_000

type Span = { start: number; end: number; term: number }

/**
 * Where `terms` occur in `text`, word by word, as the text index matches them: a whole word, folded
 * (case and diacritics), and the last term, unless one character, also as the start of a word. Comparing words rather than
 * building a regular expression from the query keeps any query (`.*`, `(`, `\`) plain text.
 * `within`: only the spans starting at most this many characters after the first one (a snippet's
 * window around its first match can show no others), so a long text is not read to its end.
 */
export function matchSpans(text: string, terms: readonly string[], within = Number.POSITIVE_INFINITY): Span[] {
  if (!terms.length) return []
  const folded = terms.map(foldWord)
  const last = [...folded[folded.length - 1]].length > 1 ? folded[folded.length - 1] : '' // as SQLite's matchText
  // a word can only match where its term is a substring of the folded text: most texts are skipped here
  const whole = foldWord(text)
  if (!folded.some((t) => t && whole.includes(t))) return []
  const spans: Span[] = []
  let until = Number.POSITIVE_INFINITY
  const found = (start: number, end: number, term: number) => {
    if (!spans.length) until = start + within
    spans.push({ start, end, term })
  }
  if (!NON_ASCII_TEXT.test(text)) {
    // an ASCII text (most are): its words are its runs of ASCII letters and digits, compared in place
    const n = text.length
    for (let i = 0; i < n; ) {
      while (i < n && !isAsciiWordChar(text.charCodeAt(i))) i++
      const start = i
      while (i < n && isAsciiWordChar(text.charCodeAt(i))) i++
      if (start === i || start > until) break
      let term = -1
      for (let k = 0; k < folded.length && term < 0; k++) if (folded[k]!.length === i - start && sameLower(text, start, folded[k]!)) term = k
      if (term < 0 && last && i - start >= last.length && sameLower(text, start, last)) term = folded.length - 1
      if (term >= 0) found(start, i, term)
    }
    return spans
  }
  const known = new Map<string, number>() // a word's term (or -1): text repeats its words
  for (const m of text.matchAll(WORD)) {
    if (m.index > until) break
    let term = known.get(m[0])
    if (term === undefined) {
      const word = foldWord(m[0])
      term = folded.indexOf(word)
      if (term < 0 && last && word.startsWith(last)) term = folded.length - 1
      known.set(m[0], term)
    }
    if (term >= 0) found(m.index, m.index + m[0].length, term)
  }
  return spans
}
/** A letter or digit of ASCII (what `WORD` finds in ASCII text). */
const isAsciiWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57)
/** Does `text` hold `word` (lower case) at `at`, ignoring ASCII case? */
function sameLower(text: string, at: number, word: string): boolean {
  for (let j = 0; j < word.length; j++) {
    let c = text.charCodeAt(at + j)
    if (c >= 65 && c <= 90) c += 32
    if (c !== word.charCodeAt(j)) return false
  }
  return true
}
const NON_ASCII_TEXT = /[^\x00-\x7f]/

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch)
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff

/** Never cut between the two halves of a character outside the Basic Multilingual Plane (an emoji). */
function whole(text: string, i: number) {
  return i > 0 && i < text.length && isLowSurrogate(text.charCodeAt(i)) ? i - 1 : i
}

/** The window of about `width` characters around the first match, cut at spaces where there are any. */
function windowAround(text: string, first: Span, width: number): [number, number] {
  if (text.length <= width) return [0, text.length]
  let start = Math.max(0, Math.min(first.start - LEAD, text.length - width))
  if (start > 0 && !isSpace(text[start - 1])) {
    // forward to the next word, but never past the match
    let s = start
    while (s < first.start && !isSpace(text[s - 1])) s++
    start = s
  }
  start = whole(text, start)
  let end = Math.min(text.length, start + width)
  if (end < text.length && !isSpace(text[end])) {
    let e = end
    while (e > first.end && !isSpace(text[e])) e--
    if (e > first.end) end = e
  }
  return [start, whole(text, end)]
}

const tidy = (s: string) => s.replace(/\s+/g, ' ')

/** The text between `start` and `end` as segments, the spans inside it highlighted, with … where it was cut. */
function segments(text: string, spans: Span[], start: number, end: number): SnippetSegment[] {
  const out: SnippetSegment[] = []
  const push = (s: string, highlight = false) => {
    if (!s) return
    const prev = out[out.length - 1]
    if (prev && !prev.highlight && !highlight) prev.text += s
    else out.push(highlight ? { text: s, highlight: true } : { text: s })
  }
  let at = start
  for (const s of spans) {
    if (s.start < start || s.end > end) continue
    push(tidy(text.slice(at, s.start)))
    push(text.slice(s.start, s.end), true)
    at = s.end
  }
  push(tidy(text.slice(at, end)))
  // no stray spaces at either end, and … where the text goes on
  const head = out[0]
  if (head && !head.highlight) head.text = head.text.replace(/^\s+/, '')
  const tail = out[out.length - 1]
  if (tail && !tail.highlight) tail.text = tail.text.replace(/\s+$/, '')
  const body = out.filter((s) => s.text)
  if (start > 0) {
    if (body[0] && !body[0].highlight) body[0].text = `…${body[0].text}`
    else body.unshift({ text: '…' })
  }
  const last = body[body.length - 1]
  if (end < text.length) {
    if (last && !last.highlight) last.text += '…'
    else body.push({ text: '…' })
  }
  return body
}

/**
 * A search result's snippet: of `texts` (in order of preference), the one whose window around its
 * first match shows the most different terms (then the most matches), about `width` characters of
 * it with every matched term highlighted. With no match in any text (the title or tag matched), the
 * start of the first non-empty text. Segments, never HTML: the page renders them as text and <mark>.
 */
export function buildSnippet(texts: readonly string[], terms: readonly string[], width = SNIPPET_WIDTH): SnippetSegment[] {
  let best: { text: string; spans: Span[]; range: [number, number]; score: [number, number] } | null = null
  let budget = MAX_TOTAL
  for (const full of texts) {
    if (budget <= 0) break
    const text = full.length > MAX_TEXT ? full.slice(0, whole(full, MAX_TEXT)) : full
    budget -= text.length
    // the window starts at or before the first match and is `width` long: no later span can be shown
    const spans = matchSpans(text, terms, width)
    if (!spans.length) continue
    const range = windowAround(text, spans[0], width)
    const shown = spans.filter((s) => s.start >= range[0] && s.end <= range[1])
    const score: [number, number] = [new Set(shown.map((s) => s.term)).size, shown.length]
    if (!best || score[0] > best.score[0] || (score[0] === best.score[0] && score[1] > best.score[1])) best = { text, spans, range, score }
  }
  if (best) return segments(best.text, best.spans, ...best.range)
  const first = texts.find((t) => t.trim()) ?? ''
  const text = first.trim()
  if (!text) return []
  return segments(text, [], 0, text.length <= width ? text.length : windowAround(text, { start: 0, end: 0, term: 0 }, width)[1])
}
