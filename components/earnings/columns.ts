import type { Figures } from '../../lib/figures.ts'
import type { SortKey } from '../../lib/reports.ts'
import { formatMoney, formatNumber, formatPercent } from './format.ts'

/**
 * The report tables' columns: each figure's heading and format, once (definitions: lib/figures.ts). A
 * table picks a set; on a phone its rows become cards, the sorted column and revenue first.
 */
export type Column = { key: SortKey; label: string; show: (f: Figures, currency: string) => string; title?: string }

const n = (key: SortKey & keyof Figures, label: string, title?: string): Column => ({ key, label, title, show: (f) => formatNumber(f[key] as number) })
const pct = (key: SortKey & keyof Figures, label: string, title: string): Column => ({ key, label, title, show: (f) => formatPercent(f[key] as number) })
const money = (key: SortKey & keyof Figures, label: string, title?: string): Column => ({ key, label, title, show: (f, c) => formatMoney(f[key] as number, c) })

export const COLUMN = {
  views: n('views', 'Page views', 'A person’s view of a page, once per network per page per hour'),
  slotViews: n('slotViews', 'Offer views', 'An offer slot seen on the visitor’s screen, once per network per page per slot per hour'),
  clicks: n('clicks', 'Clicks', 'People’s clicks that were sent on to the partner (no bots, none blocked in their country)'),
  uniqueClicks: n('uniqueClicks', 'Unique clicks', 'The first click per network per brand per hour'),
  ctr: pct('ctr', 'CTR', 'Offer clicks ÷ offer views of the same slots'),
  registrations: n('registrations', 'Registrations'),
  ftds: n('ftds', 'First deposits'),
  deposits: n('deposits', 'Deposits'),
  crFtds: pct('crFtds', 'FTD rate', 'First deposits ÷ clicks'),
  crRegistrations: pct('crRegistrations', 'Sign-up rate', 'Registrations ÷ clicks'),
  revenue: money('revenue', 'Revenue', 'Approved payouts in the report currency'),
  epc: money('epc', 'EPC', 'Revenue ÷ clicks'),
  rpm: money('rpm', 'RPM', 'Revenue per 1,000 page views'),
  conversions: n('conversions', 'Conversions', 'Every goal counted (no rate is made of them)'),
  suspectConversions: n('suspectConversions', 'On suspect clicks', 'Conversions whose click was past its network’s velocity limit'),
  botShare: pct('botShare', 'Bot share', 'Bot clicks ÷ all clicks, bots included'),
  blockedClicks: n('blockedClicks', 'Blocked', 'People’s clicks on a brand not available in their country: nobody was sent on'),
  suspectClicks: n('suspectClicks', 'Suspect', 'Clicks past their network’s velocity limit (in Clicks, never unique)'),
  botClicks: n('botClicks', 'Bot clicks'),
  codeCopies: n('codeCopies', 'Code copies', 'People who copied the bonus code, once per network per brand per hour'),
} satisfies Record<string, Column>

/** Pages and markets: where offers were seen and clicked. */
export const EARNINGS_COLUMNS = [COLUMN.views, COLUMN.slotViews, COLUMN.clicks, COLUMN.ctr, COLUMN.registrations, COLUMN.ftds, COLUMN.crFtds, COLUMN.revenue, COLUMN.epc, COLUMN.rpm]
/** Countries and devices: no views are counted by these (a view has no brand), so no CTR or RPM. */
export const PEOPLE_COLUMNS = [COLUMN.clicks, COLUMN.uniqueClicks, COLUMN.registrations, COLUMN.ftds, COLUMN.crFtds, COLUMN.revenue, COLUMN.epc]
/** The brand admin's report: each brand's traffic quality and compliance beside its earnings. */
export const BRAND_COLUMNS = [COLUMN.clicks, COLUMN.uniqueClicks, COLUMN.ftds, COLUMN.crFtds, COLUMN.revenue, COLUMN.epc, COLUMN.botShare, COLUMN.blockedClicks, COLUMN.suspectClicks, COLUMN.conversions, COLUMN.suspectConversions, COLUMN.codeCopies, COLUMN.views]
/** Placements: offer views and clicks of the slot (a slot has no page views of its own, so no RPM). */
export const PLACEMENT_COLUMNS = [COLUMN.slotViews, COLUMN.clicks, COLUMN.ctr, COLUMN.registrations, COLUMN.ftds, COLUMN.crFtds, COLUMN.revenue, COLUMN.epc]
/** One brand's countries (compliance): sent on, unique, blocked, bots, and what they earned. */
export const COUNTRY_COLUMNS = [COLUMN.clicks, COLUMN.uniqueClicks, COLUMN.blockedClicks, COLUMN.botClicks, COLUMN.ftds, COLUMN.revenue]
