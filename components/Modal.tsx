import { type ReactNode, useEffect, useRef } from 'react'
import { useT } from './use-t.ts'

export function Modal({ title, children, onClose }: { title: string; children: ReactNode; onClose: () => void }) {
  const button = useRef<HTMLButtonElement>(null)
  const t = useT()
  useEffect(() => {
    button.current?.focus()
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div className="modal" role="dialog" aria-modal="true" aria-label={title} onClick={(e) => e.stopPropagation()}>
        <h3>{title}</h3>
        {children}
        <button ref={button} type="button" className="btn btn-primary" onClick={onClose}>
          {t('modal.gotIt')}
        </button>
      </div>
    </div>
  )
}
