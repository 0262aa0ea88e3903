/**
 * A comparison table as a page draws it (lib/comparison.ts reads the directives that ask for one): its
 * columns' names and what each row holds. A module of its own so that the pages drawing tables
 * (components/blocks/ComparisonTable.tsx) do not load the directive parser, which only the server and
 * the editor's insert helper use.
 */
export const COMPARE_COLUMNS = {
  bonus: 'Bonus',
  code: 'Code',
  wagering: 'Wagering',
  minDeposit: 'Min. deposit',
  withdrawal: 'Withdrawal',
  licence: 'Licence',
  payments: 'Payments',
  score: 'Score',
} as const
export type CompareColumn = keyof typeof COMPARE_COLUMNS

/** What a comparison table's row holds: the brand's offer and facts, resolved for the visitor's country. */
export type ComparisonRow = {
  _id: string
  brandName: string
  logo: string | null
  bonus: string
  ctaLabel: string
  /** a CTA the /go link can send visitors to */
  hasCta: boolean
  termsSummary: string
  termsUrl: string
  cells: Partial<Record<CompareColumn, string>>
  bonusCode?: string
  /** a cell's amount in the brand's own currency (the minimum deposit in GBP), labelled so on the page */
  cellCurrency?: Partial<Record<CompareColumn, string>>
}
export type Comparison = { title?: string; columns: CompareColumn[]; rows: ComparisonRow[] }
