import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'

/**
 * What the ICU reference parser (@formatjs/icu-messageformat-parser, a dev dependency: tests only) reads in a
 * catalog message: its placeholders, and every literal text it can show (one per plural or select branch).
 * Used by the catalogs' unit test and the German edition's browser test, never by pages.
 */

/** `{name}` → `name`; `{n, plural, …}` → `n:plural`: what a translation must keep. */
export function placeholders(message: string): string[] {
  const out = new Set<string>()
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.argument) out.add(el.value)
      else if (el.type === TYPE.number) out.add(`${el.value}:number`)
      else if (el.type === TYPE.plural) {
        out.add(`${el.value}:plural`)
        for (const o of Object.values(el.options)) walk(o.value)
      } else if (el.type === TYPE.select) {
        out.add(`${el.value}:select`)
        for (const o of Object.values(el.options)) walk(o.value)
      }
    }
  }
  walk(parse(message))
  return [...out].sort()
}

/**
 * Every shape the message can take, as a pattern over rendered text: literal text exact, each value any
 * text (`.+?`), one pattern per plural/select branch. `Did you mean {suggestion}?` → /^Did you mean .+?\?$/.
 */
export function shapes(message: string): { pattern: RegExp; literal: string }[] {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const expand = (els: MessageFormatElement[]): { re: string; lit: string }[] => {
    let acc = [{ re: '', lit: '' }]
    for (const el of els) {
      let next: { re: string; lit: string }[]
      if (el.type === TYPE.literal) next = [{ re: esc(el.value), lit: el.value }]
      else if (el.type === TYPE.plural || el.type === TYPE.select) next = Object.values(el.options).flatMap((o) => expand(o.value))
      else next = [{ re: '.+?', lit: ' ' }]
      acc = acc.flatMap((a) => next.map((n) => ({ re: a.re + n.re, lit: a.lit + n.lit })))
    }
    return acc
  }
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim()
  return expand(parse(message)).map(({ re, lit }) => ({ pattern: new RegExp(`^${norm(re.replace(/\\?\s+/g, ' '))}$`), literal: norm(lit) }))
}
