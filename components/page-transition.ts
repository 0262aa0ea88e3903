/**
 * The skeleton shown while the next page's data loads (spec §2: skeletons while loading), set by Vike's
 * onPageTransitionStart/End hooks (pages/+onPageTransition*.ts).
 *
 * A page that keeps its own state in the address (the admin's `?tab=…&post=…`, pushed with
 * history.pushState) is the same page before and after Back: Vike then starts a transition and leaves
 * the rendering to the page without ending it (vike 0.4: `doNotRenderIfSamePage` returns before
 * onPageTransitionEnd), so a skeleton shown then would never clear. A move within one path shows none:
 * the page on screen stays until the next one has rendered.
 */
let shownPath = typeof window === 'undefined' ? '' : window.location.pathname

export function transitionStarts(nextPath: string | undefined) {
  if (nextPath !== undefined && nextPath === shownPath) return
  document.body.dataset.navigating = 'true'
}

export function transitionEnds() {
  shownPath = window.location.pathname
  delete document.body.dataset.navigating
}
