import { describe, expect, it } from 'vitest'
import { assertWellFormedXml, childText, parseXml } from './xml.ts'

const DECL = '<?xml version="1.0" encoding="UTF-8"?>\n'

describe('the tests’ strict XML check refuses what happy-dom forgives', () => {
  it.each([
    ['a bare ampersand', '<t>a & b</t>'],
    ['an unknown entity', '<t>&nbsp;</t>'],
    ['a stray <', '<t>a < b</t>'],
    [']]> in text', '<t>a ]]> b</t>'],
    ['a control character', '<t>\u0001</t>'],
    ['a tag never closed', '<t><u></t>'],
    ['two roots', '<t/><u/>'],
    ['an unquoted attribute', '<t a=1/>'],
    ['< in an attribute', '<t a="<"/>'],
    ['a repeated attribute', '<t a="1" a="2"/>'],
    ['text outside the root', '<t/>x'],
  ])('%s', (_, body) => {
    expect(() => assertWellFormedXml(DECL + body)).toThrow()
  })

  it('accepts a well-formed document and parses it', () => {
    const doc = parseXml(`${DECL}<t xmlns:a="urn:x" k='v &amp; w'>\n<a:b href="1"/><!-- c --><u>&lt;&#233;&#x1F3B0;🎰</u>\n</t>\n`)
    expect(childText(doc.documentElement, 'u')).toBe('<é🎰🎰')
  })
})
