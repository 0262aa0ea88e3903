import type { PageContext } from 'vike/types'
import { type MessageKey, type Translate, translator } from '../../lib/i18n/index.ts'

// the spec's texts a +data hook aborts with ('Article not found.', 'Brand not found', kept exactly in English)
const REASONS: Readonly<Record<string, MessageKey>> = { 'Article not found.': 'notFound.article', 'Brand not found': 'notFound.brand', 'Page not found.': 'notFound.page' }

/**
 * The error page's message in the page's language (`t`; English by default): the abort reason a +data hook
 * gave ('Article not found.', 'Brand not found', spec §2), else a 404's or another error's.
 */
export function errorMessage(pageContext: Pick<PageContext, 'is404' | 'abortReason'>, t: Translate = translator('en')): string {
  const { is404, abortReason } = pageContext
  if (typeof abortReason === 'string') return REASONS[abortReason] ? t(REASONS[abortReason]) : abortReason
  return is404 ? t('notFound.page') : t('notFound.error')
}

/** 'Article not found.' → 'Article not found'; 'Something went wrong. Please try again.' → 'Something went wrong'. */
export const errorHeadline = (pageContext: Pick<PageContext, 'is404' | 'abortReason'>, t?: Translate) => errorMessage(pageContext, t).split('.')[0]!.trim()
