import { type RefObject, useLayoutEffect } from 'react'

/**
 * A textarea as tall as its text (issue 32: section text was a fixed 5-line box): measured after every
 * change and when the window's width changes the wrapping. Never shorter than its `rows`.
 */
export function useAutoGrow(ref: RefObject<HTMLTextAreaElement | null>, value: string, deps: unknown[] = []) {
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const fit = () => {
      el.style.height = 'auto' // back to its rows, so the text's own height is measured
      const border = el.offsetHeight - el.clientHeight
      if (el.scrollHeight > el.clientHeight) el.style.height = `${el.scrollHeight + border}px`
    }
    fit()
    window.addEventListener('resize', fit)
    return () => window.removeEventListener('resize', fit)
  }, [ref, value, ...deps]) // eslint-disable-line react-hooks/exhaustive-deps -- a mode that changes the width
}
