import type { ComponentProps, ComponentType } from 'react'
import type { MdTree } from '../../lib/markdown-tree.ts'
import type { Section } from '../../lib/schemas.ts'
import { BonusCode } from './BonusCode.tsx'
import { ComparisonTable } from './ComparisonTable.tsx'
import { FaqAccordion } from './Faq.tsx'
import { KeyFacts } from './KeyFacts.tsx'
import { ListSection } from './ListSection.tsx'
import { PromoTableSection } from './PromoTable.tsx'
import { ReviewBlock } from './Review.tsx'
import { TermsSection } from './TermsSection.tsx'
import { TextSection } from './TextSection.tsx'

/**
 * Every content block a page draws, in one map keyed by the block's kind (Payload's `RenderBlocks`):
 * brand pages list theirs (key facts, review, promo tables, then the editor's sections, whose kinds are
 * the sections' own types), and an article's Markdown tree names its comparison tables by the
 * directive's name (`{{compare …}}` is a `compare` block). A block is data that says what kind it is;
 * the map knows how each kind renders and what it speaks of, so a market's rules can act on blocks by
 * their kind (leave out every block that speaks of a bonus) without knowing how any of them renders.
 *
 * A block drawn inside another block (a comparison table's bonus codes) imports its component directly:
 * this file imports every block, so going through the map there would make an import cycle.
 */

/** What a block may tell a reader about, as far as a market's rules on gambling advertising care. */
export type Topic = 'bonus' | 'wagering' | 'deposit' | 'withdrawal' | 'payments' | 'licence'

const entry = <P,>(Render: ComponentType<P>, speaksOf: readonly Topic[]) => ({ Render, speaksOf })

/**
 * Each kind's renderer and what it speaks of, said from what the block shows: free text (text, list
 * and FAQ sections) speaks of nothing the page can know of, so nothing is declared for it.
 */
export const BLOCKS = {
  /** an editor's text section (Markdown) */
  text: entry(TextSection, []),
  /** an editor's list section: subheadings with bullets */
  list: entry(ListSection, []),
  /** the offer's terms: who may claim it, its minimum deposit, its wagering */
  terms: entry(TermsSection, ['bonus', 'wagering', 'deposit']),
  /** a promo table (welcome packages, reloads, free bets), at the top of a brand page or as a section */
  table: entry(PromoTableSection, ['bonus']),
  /** an editor's questions and answers */
  faq: entry(FaqAccordion, []),
  /** key facts: licences, minimum deposit, wagering, withdrawal time, payment methods */
  facts: entry(KeyFacts, ['licence', 'deposit', 'wagering', 'withdrawal', 'payments']),
  /** a structured review, whose criteria score the brand's bonuses (and its payments and licence) */
  review: entry(ReviewBlock, ['bonus', 'payments', 'licence']),
  /** a bonus code with its Copy button */
  bonusCode: entry(BonusCode, ['bonus']),
  /** a comparison table of offers: every row a bonus with its terms; its columns wagering, deposits, withdrawal, licences, payments */
  compare: entry(ComparisonTable, ['bonus', 'wagering', 'deposit', 'withdrawal', 'licence', 'payments']),
}

export type BlockKind = keyof typeof BLOCKS
/** A block: its kind and what its kind's component draws it from. */
export type Block = { [K in BlockKind]: { kind: K } & ComponentProps<(typeof BLOCKS)[K]['Render']> }[BlockKind]

/** What a kind of block speaks of. */
export const speaksOf = (kind: BlockKind): readonly Topic[] => BLOCKS[kind].speaksOf

export function RenderBlock({ block }: { block: Block }) {
  const { kind, ...props } = block
  const Render = BLOCKS[kind].Render as ComponentType<typeof props>
  return <Render {...props} />
}

export function RenderBlocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((b, i) => (
        <RenderBlock key={i} block={b} />
      ))}
    </>
  )
}

/** A brand page section as a block: its type is its kind; a text section brings its Markdown tree, when the server built one. */
export function sectionBlock(section: Section, tree?: MdTree | null, terms?: ComponentProps<typeof PromoTableSection>['terms']): Block {
  switch (section.type) {
    case 'text':
      return { kind: 'text', title: section.title, content: section.content, tree }
    case 'list':
      return { kind: 'list', title: section.title, content: section.content }
    case 'terms':
      return { kind: 'terms', title: section.title, content: section.content }
    case 'faq':
      return { kind: 'faq', title: section.title, items: section.content }
    case 'table':
      return { kind: 'table', title: section.title, table: section.content, terms }
  }
}

/** A brand page section, drawn through the map. */
export function SectionView({ section, tree }: { section: Section; tree?: MdTree | null }) {
  return <RenderBlock block={sectionBlock(section, tree)} />
}
