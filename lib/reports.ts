import { DAY_MS, utcDay } from './format.ts'

/** What the reports answer and show, shared by the server (server/attribution/reports.ts), the report screen and the CLI. */

/** One brand's (or one day's) figures, from the daily counters. */
export type Figures = {
  views: number
  clicks: number
  uniqueClicks: number
  botClicks: number
  /** people's clicks on a brand not available in their country (compliance): nobody was sent on */
  blockedClicks: number
  /** people who copied the brand's bonus code (issue 22), once per visitor per hour */
  codeCopies: number
  /** people's clicks past their network's velocity limit (issue 24): in `clicks`, never in `uniqueClicks` */
  suspectClicks: number
  botShare: number
  conversions: number
  /** conversions whose click was suspect (in `conversions` too) */
  suspectConversions: number
  conversionsByGoal: Record<string, number>
  approvedRevenue: Record<string, number>
  /** conversions / unique clicks */
  cr: number
  /** approved revenue / unique clicks, per currency */
  epc: Record<string, number>
}

/** The report screen's "last N days" choices. */
export const REPORT_RANGES = [7, 30, 90] as const
/** The longest range a report covers. */
export const MAX_REPORT_DAYS = 366
/** The default range of reports and `cli stats`. */
export const DEFAULT_REPORT_DAYS = 30

/** The last `days` days up to and including `today`'s UTC day. */
export function lastDays(days: number, today: Date): { from: string; to: string } {
  return { from: utcDay(new Date(today.getTime() - (days - 1) * DAY_MS)), to: utcDay(today) }
}
