import { transitionEnds } from '../components/page-transition.ts'

export function onPageTransitionEnd() {
  transitionEnds()
}
