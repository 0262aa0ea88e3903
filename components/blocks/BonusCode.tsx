import { useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { pageKey, pageOf, type Slot } from '../../lib/attribution.ts'
import { useHydrated } from '../tracked-link.ts'
import '../formats.css'
import { useT } from '../use-t.ts'

/** Tells the server a person copied the code (counted per brand and day, once an hour a visitor; bots left out). */
function reportCopy(brandId: string, from: string, slot: Slot, position?: number) {
  const body = JSON.stringify({ brandId, from, slot, ...(position ? { pos: position } : {}) })
  fetch('/api/track/code-copy', { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true }).catch(() => {})
}

/**
 * A bonus code with a Copy button (docs/formats.md, "Bonus codes"). Without JavaScript the code is one
 * tap from selected (`user-select: all`) and the button is not drawn (no dead button); with it, Copy puts
 * the code on the clipboard and says "Copied" to everyone, screen readers included (a polite live
 * region). A copy made by hand (selection and Ctrl+C) counts too.
 */
export function BonusCode({ brandId, code, slot, position, compact = false }: { brandId: string; code: string; slot: Slot; position?: number; compact?: boolean }) {
  const hydrated = useHydrated()
  const pageContext = usePageContext() as { urlPathname?: string; is404?: boolean; marketPrefix?: string } | undefined
  const [status, setStatus] = useState('')
  const t = useT()
  const codeRef = useRef<HTMLElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const from = pageKey(pageOf(pageContext?.urlPathname ?? '/', pageContext?.is404 === true, pageContext?.marketPrefix))

  const say = (text: string) => {
    setStatus(text)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setStatus(''), 4000)
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(code)
      say(t('bonusCode.copied'))
      reportCopy(brandId, from, slot, position)
    } catch {
      // no clipboard (an insecure origin, a refused permission): select it for the visitor to copy
      const el = codeRef.current
      if (el) window.getSelection()?.selectAllChildren(el)
      say(t('bonusCode.selected'))
    }
  }

  return (
    <div className={compact ? 'bonus-code compact' : 'bonus-code'} data-testid="bonus-code">
      <span className="bonus-code-label">{t('bonusCode.label')}</span>
      <code className="bonus-code-value" ref={codeRef} onCopy={() => reportCopy(brandId, from, slot, position)}>
        {code}
      </code>
      {hydrated && (
        <button type="button" className="btn btn-small bonus-code-copy" onClick={() => void copy()} aria-label={t('bonusCode.copyCode', { code })}>
          {t('bonusCode.copy')}
        </button>
      )}
      <span className="bonus-code-status" role="status">
        {status}
      </span>
    </div>
  )
}
