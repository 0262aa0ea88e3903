/**
 * Reference event codes (spec §3), kept as data in one place: the brand admin shows them and builds
 * its goal lists from them, and conversion postbacks map goals to them.
 *
 * The spec does not list goals per campaign kind. Here the standard codes (mobile measurement events)
 * are the App goals and the custom codes (web conversion goals) are the Web goals; 99 Fraud is a
 * rejection signal, not a goal anyone buys.
 */
export type EventCode = { code: number; name: string }

/** A network's verdict that a click was fraud: it rejects the click's conversions and is never one itself. */
export const FRAUD_EVENT_CODE = 99

export const standardEventCodes: EventCode[] = [
  [0, 'Install'], [200, 'Dynamic Install'], [2, 'Register'], [3, 'Search'], [4, 'Purchase/Order Placed'], [5, 'Add to Cart'],
  [6, 'Listen Song'], [7, 'Ask Question'], [8, 'Video Watch'], [9, 'Login'], [10, 'Successful Reply'], [11, 'Tap Call'],
  [12, 'Tap SMS'], [13, 'Homepage/Open App'], [14, 'Share'], [15, 'Notification'], [16, 'Tutorial Complete'], [17, 'Fill in Form'],
  [18, 'First Trip'], [19, 'Load Money'], [20, 'Product View'], [21, 'Product Removed from Cart'], [22, 'Subscription'],
  [23, 'Product List Page'], [24, 'Product Click'], [25, 'Valid Install'], [26, 'International Flight Booking'],
  [27, 'Domestic Flight Booking'], [28, 'Cancel Order'], [29, 'Retention'], [99, 'Fraud'],
].map(([code, name]) => ({ code: code as number, name: name as string }))

export const customEventCodes: EventCode[] = [
  [100, 'Other'], [101, 'Custom Event 1'], [1001, 'Lead'], [1002, 'Registration'], [1003, 'Account Open'], [1004, 'OTP Verified'],
  [1005, 'PAN Verified'], [1006, 'Sale'], [1007, 'Goal1'], [1008, 'Goal2'], [1009, 'Goal3'], [1010, 'Goal4'],
  // iGaming goals (issue 21): reports count registrations and first deposits apart
  [1011, 'First Deposit (FTD)'], [1012, 'Deposit'], [1013, 'Revenue share (adjustment)'],
].map(([code, name]) => ({ code: code as number, name: name as string }))

export const FTD_EVENT_CODE = 1011
export const DEPOSIT_EVENT_CODE = 1012
/** A programme's revenue-share line: the only goal whose payout may be negative (a clawback). */
export const REVSHARE_EVENT_CODE = 1013
/** The goals reports count as registrations (the spec's Register and Registration). */
export const REGISTRATION_EVENT_CODES: readonly number[] = [2, 1002]

/**
 * Names programmes and trackers use for the iGaming goals, beside the codes and full names, as
 * `goalKey` writes them ("Rev-Share" and "rev_share" are "rev share"). CPA is paid on a player's
 * qualifying first deposit, CPL on a sign-up (a lead), as iGaming programmes use the terms.
 */
const GOAL_ALIASES: Record<string, number> = {
  ftd: FTD_EVENT_CODE,
  'first deposit': FTD_EVENT_CODE,
  cpa: FTD_EVENT_CODE,
  deposit: DEPOSIT_EVENT_CODE,
  revshare: REVSHARE_EVENT_CODE,
  'rev share': REVSHARE_EVENT_CODE,
  'revenue share': REVSHARE_EVENT_CODE,
  registration: 1002,
  signup: 1002,
  'sign up': 1002,
  reg: 1002,
  cpl: 1002,
}

/** A goal's name compared loosely: case, spaces, hyphens and underscores do not matter. */
const goalKey = (text: string) => text.trim().toLowerCase().replace(/[\s_-]+/g, ' ')

export const campaignKinds = ['app', 'web'] as const // spec §9
export type CampaignKind = (typeof campaignKinds)[number]
export const kindLabel: Record<CampaignKind, string> = { app: 'App', web: 'Web' }

export const goalsByKind: Record<CampaignKind, string[]> = {
  app: standardEventCodes.filter((e) => e.code !== FRAUD_EVENT_CODE).map((e) => e.name),
  web: customEventCodes.map((e) => e.name),
}

/** An event code by number, name or a name programmes use (CPA, CPL, rev share…), for postbacks and CSV imports. */
export function findEventCode(codeOrName: string | number): EventCode | undefined {
  const all = [...standardEventCodes, ...customEventCodes]
  const text = goalKey(String(codeOrName))
  // an own property only: "constructor" or "__proto__" is no goal
  const alias = Object.hasOwn(GOAL_ALIASES, text) ? GOAL_ALIASES[text] : undefined
  return all.find((e) => String(e.code) === text || goalKey(e.name) === text || e.code === alias)
}

/**
 * 'App - X' / 'Web - X' → kind and goal (spec §4); a bare 'app' or 'web' sets only the kind; a goal
 * not in that kind's list is cleared.
 */
export function parseCampaignType(value: string | null | undefined): { kind: CampaignKind | ''; goal: string } {
  const text = (value ?? '').trim()
  const m = text.match(/^(app|web)(?:\s*-\s*(.*))?$/i)
  if (!m) return { kind: '', goal: '' }
  const kind = m[1].toLowerCase() as CampaignKind
  const goal = (m[2] ?? '').trim()
  const known = goalsByKind[kind].find((g) => g.toLowerCase() === goal.toLowerCase())
  return { kind, goal: known ?? '' }
}

export function formatCampaignType(kind: CampaignKind, goal: string) {
  return `${kindLabel[kind]} - ${goal}`
}
