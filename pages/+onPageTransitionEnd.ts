export function onPageTransitionEnd() {
  delete document.body.dataset.navigating
}
