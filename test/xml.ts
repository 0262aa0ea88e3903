import { Window } from 'happy-dom'

/**
 * Reading the XML the site serves in tests. happy-dom's DOMParser builds a tree but forgives what a
 * strict parser refuses (a bare `&`, a stray `<`, control characters), so `parseXml` first checks
 * well-formedness itself (XML 1.0 §2: characters, entities, tags, quoting, one root), then parses.
 */
const NAME = '[A-Za-z_][\\w.:-]*'
const ATTRIBUTE = `${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*')`
const START_TAG = new RegExp(`<(${NAME})((?:\\s+${ATTRIBUTE})*)\\s*(/?)>`, 'y')
const END_TAG = new RegExp(`</(${NAME})\\s*>`, 'y')
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u
const REFERENCE = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9A-Fa-f]+);/g

function checkText(text: string, where: string) {
  if (text.replace(REFERENCE, '').includes('&')) throw new Error(`bare & in ${where}: ${JSON.stringify(text.slice(0, 80))}`)
  if (text.includes('<')) throw new Error(`< in ${where}`)
}

/** Throws with the first well-formedness error of `xml`. */
export function assertWellFormedXml(xml: string): void {
  const badChar = NOT_XML_CHAR.exec(xml)
  if (badChar) throw new Error(`character U+${badChar[0].codePointAt(0)!.toString(16)} is not allowed in XML`)
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) throw new Error('no XML declaration first')
  let at = xml.indexOf('?>') + 2
  const open: string[] = []
  let roots = 0
  while (at < xml.length) {
    const lt = xml.indexOf('<', at)
    const text = xml.slice(at, lt === -1 ? xml.length : lt)
    if (open.length === 0 && text.trim()) throw new Error(`text outside the root element: ${JSON.stringify(text.slice(0, 40))}`)
    checkText(text, 'text')
    if (text.includes(']]>')) throw new Error(']]> in text')
    if (lt === -1) break
    at = lt
    if (xml.startsWith('<!--', at) || xml.startsWith('<?', at)) {
      const end = xml.indexOf(xml.startsWith('<!--', at) ? '-->' : '?>', at)
      if (end === -1) throw new Error('unclosed comment or instruction')
      at = end + 2
      continue
    }
    END_TAG.lastIndex = at
    const close = END_TAG.exec(xml)
    if (close) {
      if (open.pop() !== close[1]) throw new Error(`</${close[1]}> closes nothing open`)
      at = END_TAG.lastIndex
      continue
    }
    START_TAG.lastIndex = at
    const start = START_TAG.exec(xml)
    if (!start) throw new Error(`malformed tag at ${at}: ${JSON.stringify(xml.slice(at, at + 60))}`)
    const names = [...start[2].matchAll(new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g'))]
    if (new Set(names.map((m) => m[1])).size !== names.length) throw new Error(`repeated attribute in <${start[1]}>`)
    for (const m of names) checkText(m[2] ?? m[3] ?? '', `attribute ${m[1]}`)
    if (open.length === 0 && ++roots > 1) throw new Error('more than one root element')
    if (!start[3]) open.push(start[1])
    at = START_TAG.lastIndex
  }
  if (open.length) throw new Error(`<${open[open.length - 1]}> is never closed`)
  if (roots !== 1) throw new Error('no root element')
}

// its own window: HTTP and store tests run outside the happy-dom environment (bun:sqlite needs the plain one)
const window = new Window()

/** A strict check, then the document (elements found by local name; namespaces read from attributes). */
export function parseXml(xml: string): Document {
  assertWellFormedXml(xml)
  return new window.DOMParser().parseFromString(xml, 'application/xml') as unknown as Document
}

/** The text of each `name` element directly under `parent`. */
export const childTexts = (parent: Element, name: string) => [...parent.children].filter((e) => e.localName === name).map((e) => e.textContent ?? '')
export const childText = (parent: Element, name: string) => childTexts(parent, name)[0]
