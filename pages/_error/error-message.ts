import type { PageContext } from 'vike/types'

/**
 * The error page's message: the abort reason a +data hook gave ('Article not found.', 'Brand not
 * found', spec §2, kept exactly), else a 404's or another error's.
 */
export function errorMessage(pageContext: Pick<PageContext, 'is404' | 'abortReason'>): string {
  const { is404, abortReason } = pageContext
  return typeof abortReason === 'string' ? abortReason : is404 ? 'Page not found.' : 'Something went wrong. Please try again.'
}

/** 'Article not found.' → 'Article not found'; 'Something went wrong. Please try again.' → 'Something went wrong'. */
export const errorHeadline = (pageContext: Pick<PageContext, 'is404' | 'abortReason'>) => errorMessage(pageContext).split('.')[0]!.trim()
