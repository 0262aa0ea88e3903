// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type Section, sectionTypes } from '../../lib/schemas.ts'
import { BLOCKS, type BlockKind, RenderBlock, sectionBlock, speaksOf } from './index.tsx'
import { TermsSection } from './TermsSection.tsx'

describe('the block map', () => {
  it('has a kind for every type of brand page section, so every section renders through it', () => {
    for (const type of sectionTypes) expect(Object.keys(BLOCKS)).toContain(type)
  })

  it('draws a block as its kind’s component draws it', () => {
    const section: Section = { type: 'terms', title: 'T&Cs', content: ['18+ only', 'New customers only'] }
    const viaMap = render(<RenderBlock block={sectionBlock(section)} />).container.innerHTML
    const direct = render(<TermsSection title="T&Cs" content={['18+ only', 'New customers only']} />).container.innerHTML
    expect(viaMap).toBe(direct)
  })

  it('says which kinds speak of a bonus (what a market that forbids bonus advertising would leave out)', () => {
    const bonus = (Object.keys(BLOCKS) as BlockKind[]).filter((k) => speaksOf(k).includes('bonus'))
    expect(bonus.sort()).toEqual(['bonusCode', 'compare', 'review', 'table', 'terms'])
    // free text is the editor's: nothing is declared for it
    expect(speaksOf('text')).toEqual([])
    expect(speaksOf('faq')).toEqual([])
  })
})
