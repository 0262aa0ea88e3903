import type { Comparison, CompareSpec } from '../../lib/comparison.ts'
import { directivesIn } from '../../lib/comparison.ts'
import type { BrandReach } from '../../lib/compare-reach.ts'
import type { VisitorCountry } from '../../lib/geo.ts'
import type { MdTree } from '../../lib/markdown-tree.ts'
import { refusedLinkNote, refusedLinks } from '../../lib/refused-links.ts'
import type { BodySection } from '../../lib/schemas.ts'
import { renderSectionText } from './article-body.ts'

export type TextPreview = {
  tree: MdTree
  unmatched: number[]
  comparisons: Comparison[]
  /** per table (by index): who its chosen brands reach ([] for a table chosen by a rule) */
  reach: BrandReach[][]
  problems: string[]
  /** the country the tables are shown for (null: unknown) */
  country: VisitorCountry
}

/**
 * POST /api/posts/preview-text: a section's text as the page renders it, for `country` (the editor's own,
 * or the one they chose to preview), with what the page would drop said in `problems` (a directive that
 * cannot be read, a link that will not be linked) and, for every table of chosen brands, where each is hidden.
 */
export async function previewText(
  input: { content: string; hyperlinks: BodySection['hyperlinks'] },
  deps: {
    siteUrl: string
    country: VisitorCountry
    comparisons: (specs: CompareSpec[], country: VisitorCountry) => Promise<Comparison[]>
    /** where each of these brands is hidden (the brands service's `reach`) */
    reach: (ids: readonly string[]) => Promise<BrandReach[]>
  },
): Promise<TextPreview> {
  const specs: CompareSpec[] = []
  const rendered = renderSectionText(input.content, input.hyperlinks, deps.siteUrl, specs)
  const problems = [
    ...directivesIn(input.content).flatMap(({ line, result }) => ('error' in result ? [`Comparison table on line ${line}: ${result.error}`] : [])),
    ...refusedLinks(input.content).map(refusedLinkNote),
  ]
  const [comparisons, reach] = await Promise.all([
    deps.comparisons(specs, deps.country),
    Promise.all(specs.map((s) => (s.brands ? deps.reach(s.brands) : []))),
  ])
  return { ...rendered, comparisons, reach, problems, country: deps.country }
}
