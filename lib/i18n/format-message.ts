/**
 * The ICU MessageFormat subset the catalogs use, formatted with the browser's own `Intl`: a few hundred
 * bytes instead of a full ICU library (measured in docs/decisions/025-i18n-catalogs.md). Catalog messages
 * are ICU syntax, so a translator's tools read them and `lib/i18n/catalogs.test.ts` checks every one with
 * the reference parser (@formatjs/icu-messageformat-parser); what this file understands:
 *
 * - `{name}`: a value as text (a number formatted for the locale);
 * - `{n, number}`: a number with `Intl.NumberFormat`;
 * - `{n, plural, =0 {none} one {# article} other {# articles}}`: `Intl.PluralRules`, `#` the number;
 * - `{kind, select, brand {…} other {…}}`;
 * - `'{'` and `''` quote as ICU says (an apostrophe elsewhere is itself: "don't").
 */

export type MessageValues = Readonly<Record<string, string | number>>

type Part = string | { arg: string; type: 'text' | 'number' } | { arg: string; type: 'plural' | 'select'; options: Record<string, Part[]> }

const parsed = /* @__PURE__ */ new Map<string, Part[]>()
const numberFormats = /* @__PURE__ */ new Map<string, Intl.NumberFormat>()
const pluralRules = /* @__PURE__ */ new Map<string, Intl.PluralRules>()

function cached<T>(map: Map<string, T>, key: string, make: () => T): T {
  let v = map.get(key)
  if (v === undefined) map.set(key, (v = make()))
  return v
}

/** Parses from `at` up to an unmatched `}` (or the end); `plural` makes `#` an argument. */
function parse(src: string, at: { i: number }, plural: boolean): Part[] {
  const parts: Part[] = []
  let text = ''
  const flush = () => {
    if (text) parts.push(text)
    text = ''
  }
  while (at.i < src.length) {
    const c = src[at.i]!
    if (c === "'") {
      const next = src[at.i + 1]
      if (next === "'") {
        text += "'"
        at.i += 2
        continue
      }
      if (next === '{' || next === '}' || (plural && next === '#')) {
        const end = src.indexOf("'", at.i + 1)
        text += src.slice(at.i + 1, end === -1 ? src.length : end)
        at.i = end === -1 ? src.length : end + 1
        continue
      }
      text += c
      at.i++
    } else if (c === '}') {
      break
    } else if (c === '#' && plural) {
      flush()
      parts.push({ arg: '#', type: 'number' })
      at.i++
    } else if (c === '{') {
      flush()
      at.i++
      parts.push(parseArgument(src, at))
    } else {
      text += c
      at.i++
    }
  }
  flush()
  return parts
}

function parseArgument(src: string, at: { i: number }): Part {
  const close = src.indexOf('}', at.i)
  const comma = src.indexOf(',', at.i)
  if (comma === -1 || comma > close) {
    const arg = src.slice(at.i, close).trim()
    at.i = close + 1
    return { arg, type: 'text' }
  }
  const arg = src.slice(at.i, comma).trim()
  const second = src.indexOf(',', comma + 1)
  const typeEnd = second === -1 || second > close ? close : second
  const type = src.slice(comma + 1, typeEnd).trim()
  if (type !== 'plural' && type !== 'select') {
    at.i = close + 1
    return { arg, type: type === 'number' ? 'number' : 'text' }
  }
  at.i = typeEnd + 1
  const options: Record<string, Part[]> = {}
  for (;;) {
    while (/\s/.test(src[at.i] ?? '')) at.i++
    if (at.i >= src.length || src[at.i] === '}') break
    const open = src.indexOf('{', at.i)
    const key = src.slice(at.i, open).trim()
    at.i = open + 1
    options[key] = parse(src, at, type === 'plural')
    at.i++ // the option's `}`
  }
  at.i++ // the argument's `}`
  return { arg, type, options }
}

const compile = (message: string) => cached(parsed, message, () => parse(message, { i: 0 }, false))
const numberFormat = (locale: string) => cached(numberFormats, locale, () => new Intl.NumberFormat(locale))
const pluralRule = (locale: string) => cached(pluralRules, locale, () => new Intl.PluralRules(locale))

function render(parts: Part[], locale: string, values: MessageValues, count?: number): string {
  let out = ''
  for (const p of parts) {
    if (typeof p === 'string') {
      out += p
      continue
    }
    const v = p.arg === '#' ? count : values[p.arg]
    if (p.type === 'text' || p.type === 'number') {
      out += typeof v === 'number' ? numberFormat(locale).format(v) : (v ?? '')
    } else if (p.type === 'plural') {
      const n = Number(v)
      const branch = p.options[`=${n}`] ?? p.options[pluralRule(locale).select(n)] ?? p.options.other ?? []
      out += render(branch, locale, values, n)
    } else if (p.type === 'select') {
      out += render(p.options[String(v)] ?? p.options.other ?? [], locale, values, count)
    }
  }
  return out
}

/** A catalog message with its values, for `locale` (a BCP 47 tag: plural rules and numbers follow it). */
export function formatMessage(locale: string, message: string, values: MessageValues = {}): string {
  return render(compile(message), locale, values)
}
