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
