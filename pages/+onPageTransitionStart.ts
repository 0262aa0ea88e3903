import type { PageContextClient } from 'vike/types'
import { transitionStarts } from '../components/page-transition.ts'

// While the next page's data loads, the layout shows its skeleton (spec §2: skeletons while loading).
export function onPageTransitionStart(pageContext: Partial<PageContextClient>) {
  transitionStarts(pageContext.urlParsed?.pathname)
}
