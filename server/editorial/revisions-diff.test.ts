import { describe, expect, it } from 'vitest'
import { wordParts } from './revisions.ts'
import { diffRecords, fieldLabel } from '../../lib/revisions.ts'

describe('revision comparison (issue 25: each changed field by its label, the changed words marked, never JSON)', () => {
  it('labels fields as the forms do', () => {
    expect(fieldLabel('content.body.1.content')).toBe('Section 2 · Text')
    expect(fieldLabel('content.body.0.subsections.2.subheading')).toBe('Section 1 · Subsection 3 · Subheading')
    expect(fieldLabel('content.summary.0.title')).toBe('Summary point 1 · Title')
    expect(fieldLabel('meta.date')).toBe('Date')
    expect(fieldLabel('publishAt')).toBe('Publish at')
    expect(fieldLabel('dealBox.ctaUrl')).toBe('Deal box · Button URL')
  })

  it("shows a section's text as text, with the changed words, not the whole body as JSON", () => {
    const body = (text: string) => ({ content: { summary: [], body: [{ headline: 'H', content: text, keywords: ['a', 'b'], hyperlinks: [], subsections: [] }] } })
    const changes = diffRecords({ title: 'T', ...body('First para.\n\nSecond words here.') }, { title: 'T', ...body('First para.\n\nSecond words there.') }, wordParts)
    expect(changes).toEqual([
      {
        field: 'content.body.0.content',
        label: 'Section 1 · Text',
        from: 'First para.\n\nSecond words here.',
        to: 'First para.\n\nSecond words there.',
        parts: [
          { text: 'First para.\n\nSecond words ', op: 'same' },
          { text: 'here', op: 'del' },
          { text: 'there', op: 'ins' },
          { text: '.', op: 'same' },
        ],
      },
    ])
    expect(JSON.stringify(changes)).not.toContain('\\\\n')
  })

  it('lists of words are one field; the first tag is not repeated beside the list', () => {
    const changes = diffRecords({ tag: 'A', tags: ['A', 'B'] }, { tag: 'A', tags: ['A', 'C'] }, wordParts)
    expect(changes.map((c) => [c.label, c.from, c.to])).toEqual([['Tags', 'A, B', 'A, C']])
  })
})
