/**
 * Free text that speaks of a bonus (issue 34). Where a market bars public inducements (Ontario: AGCO's
 * Registrar's Standard 2.03), the offer fields are emptied by lib/markets.ts, but a brand page says the
 * same things elsewhere: a review's cons ("35× wagering on the welcome bonus"), its verdict, an FAQ
 * answer, a "Bonus validity" timeline. Those lines and sentences are left out rather than rewritten, so a
 * market never shows half a sentence about an offer it may not show. Only public pages' code imports
 * this file (no zod).
 */

// bonus vocabulary, a wagering multiplier ("35x", "×35", "35-fach") or a match percentage ("100% up to")
const BONUS_TALK =
  /\b(?:bonus(?:es)?|free[- ]?spins?|free[- ]?bets?|bonus[- ]?bets?|wager(?:ing|-free|s)?|welcome (?:offer|package|deal)|no[- ]deposit|deposit match|match(?:ed)? deposit|cash-?back|rakeback|reload|promo(?:tion(?:al)?)? codes?|first bet back|freispiele|umsatzbedingung(?:en)?|willkommens\w*)\b|(?<![\w.])\d{1,3}\s?[x×](?!\w|\s?[£€$\d])|(?<!\d\s?)(?<!\w)[x×]\s?\d{1,3}\b|\b\d{1,3}-fach\b|\d+\s?%\s?(?:match|up to|bis zu)/i

/** Does this text speak of a bonus, its wagering or a code? */
export const speaksOfBonus = (text: string): boolean => BONUS_TALK.test(text)

/** A text without its sentences that speak of a bonus ('' when every sentence does). */
export function withoutBonusTalk(text: string): string {
  const sentences = text.split(/(?<=[.!?])\s+/)
  return sentences
    .filter((s) => !speaksOfBonus(s))
    .join(' ')
    .trim()
}

/** The lines of a list that do not speak of a bonus. */
export const linesWithoutBonusTalk = (lines: readonly string[]): string[] => lines.filter((l) => !speaksOfBonus(l))

/** The highest age mark a text states ("18+. … (21+ where required)" → 21), or null when it states none. */
export function highestAgeMark(...texts: (string | null | undefined)[]): number | null {
  let age: number | null = null
  for (const t of texts) for (const m of (t ?? '').matchAll(/(?<![\w.£€$,])(1[89]|2[01])\s?\+(?!\s?\d)/g)) age = Math.max(age ?? 0, Number(m[1]))
  return age
}

// Concrete offer terms, as an article states them (issue 34): a match percentage ("100% match", "200% up to"),
// a capped amount ("up to 500", "up to £500"; not "up to 24 hours"), a count of spins ("50 spins"), "bet 10
// get 30", "first bet back", a wagering multiplier ("35x", "x35", "35-fach"). Explaining what wagering is
// is not an inducement; stating an offer's figures is.
const MONEY = String.raw`(?:[£€$₿]|C\$|CA\$|US\$)\s?\d[\d,.]*|\d[\d,.]*\s?(?:[£€]|GBP|EUR|USD|CAD|USDT|USDC|BTC|ETH)\b`
const BONUS_FIGURES = [
  /\b\d+\s?%\s?(?:[\w-]+\s){0,2}?(?:match|bonus|up to|bis zu|reload|cash-?back|rakeback)\b/i,
  new RegExp(String.raw`\b(?:up to|bis zu)\s+(?:${MONEY}|\d[\d,.]*(?!\d|[,.]\d|\s*(?:hours?|h\b|days?|weeks?|months?|minutes?|mins?|seconds?|working|business|%|stunden|tage|wochen|monate|minuten)))`, 'i'),
  /\b\d+\s+(?:(?:wager-free|free|bonus|extra)\s+)?spins\b|\b\d+\s+freispiele\b/i,
  /\bbet\s+\S{0,4}\d+\S*\s*(?:and\s+)?get\s+\S{0,4}\d+/i,
  /\bfirst bet back\b/i,
  // "35x", "x35"; not a grid's "3 x 3"
  /(?<![\w.])\d{1,3}\s?[x×](?![\w]|\s?[£€$\d])|(?<!\w|\d\s)[x×]\s?\d{1,3}\b|\b\d{1,3}-fach\b/i,
]

/** Does this text state an offer's figures (an amount, a match, spins, a wagering multiplier)? */
export const statesBonusFigures = (text: string): boolean => BONUS_FIGURES.some((re) => re.test(text))

/** What an article says, as text: its title, description, summary and every body section (the card and the page show these). */
type ArticleText = { title: string; description: string; content?: { summary?: readonly { title: string; text: string }[]; body?: readonly { headline: string; content: string; subsections?: readonly { subheading: string; content: string }[] }[] } }
export function articleText(post: ArticleText): string {
  const parts = [post.title, post.description]
  for (const s of post.content?.summary ?? []) parts.push(s.title, s.text)
  for (const b of post.content?.body ?? []) {
    parts.push(b.headline, b.content)
    for (const sub of b.subsections ?? []) parts.push(sub.subheading, sub.content)
  }
  return parts.join('\n')
}

/** An article that states offer figures: not in a market that bars inducements (lib/markets.ts `listsArticle`). */
export const articleStatesBonusFigures = (post: ArticleText): boolean => statesBonusFigures(articleText(post))
