import { describe, expect, it } from 'vitest'
import { wordParts } from './revisions.ts'
import { changeSummary, diffRecords, fieldLabel, revisionEvent } from '../../lib/revisions.ts'

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

describe('revisions can be told apart: the event and a one-line summary', () => {
  it('names what a save did from the status before and after', () => {
    expect(revisionEvent('create', null, { status: 'draft' })).toBe('saved')
    expect(revisionEvent('create', null, { status: 'published' })).toBe('published')
    expect(revisionEvent('update', { status: 'draft' }, { status: 'published' })).toBe('published')
    expect(revisionEvent('update', { status: 'published' }, { status: 'published' })).toBe('saved')
    expect(revisionEvent('update', {}, { status: 'published' })).toBe('saved') // saved before statuses: it was live
    expect(revisionEvent('update', { status: 'draft' }, { status: 'scheduled', publishAt: '2027-01-01T09:00:00.000Z' })).toBe('scheduled')
    expect(revisionEvent('update', { status: 'scheduled', publishAt: '2027-01-01T09:00:00.000Z' }, { status: 'scheduled', publishAt: '2027-01-02T09:00:00.000Z' })).toBe('scheduled')
    expect(revisionEvent('update', { status: 'scheduled', publishAt: '2027-01-01T09:00:00.000Z' }, { status: 'scheduled', publishAt: '2027-01-01T09:00:00.000Z' })).toBe('saved')
    expect(revisionEvent('update', { status: 'published' }, { status: 'draft' })).toBe('unpublished')
    expect(revisionEvent('restore', { status: 'draft' }, { status: 'draft' })).toBe('restored')
    expect(revisionEvent('autosave', { status: 'published' }, { status: 'published' })).toBe('autosaved')
    expect(revisionEvent('publish', { status: 'scheduled' }, { status: 'published' })).toBe('published')
  })

  it('sums up the changed fields in one line', () => {
    expect(changeSummary([])).toBe('No field changed')
    expect(changeSummary([{ label: 'Title' }])).toBe('Title')
    expect(changeSummary([{ label: 'Title' }, { label: 'Description' }])).toBe('Title and Description')
    expect(changeSummary([{ label: 'Tags' }, { label: 'Section 1 · Text' }, { label: 'Section 1 · Text' }, { label: 'Status' }])).toBe('Tags, Section 1 · Text and Status')
    expect(changeSummary(['A', 'B', 'C', 'D', 'E'].map((label) => ({ label })))).toBe('A, B, C and 2 more')
  })

  it('author and reviewer profiles are labelled as the form labels them, not "Author Id"', () => {
    expect(fieldLabel('authorId')).toBe('Author')
    expect(fieldLabel('reviewerId')).toBe('Reviewed by')
    expect(fieldLabel('meta.author')).toBe('Author name')
    expect(fieldLabel('translationOf')).toBe('Translation of')
  })
})
