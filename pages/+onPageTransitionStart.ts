// While the next page's data loads, the layout shows its skeleton (spec §2: skeletons while loading).
export function onPageTransitionStart() {
  document.body.dataset.navigating = 'true'
}
