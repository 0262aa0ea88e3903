import { useState } from 'react'
import { useContentLang } from '../use-t.ts'
import { SectionTitle } from './SectionTitle.tsx'

export const DEFAULT_FAQ_TITLE = 'Frequently Asked Questions' // spec §9

/** A brand page's questions and answers: one item open at a time, toggled with + and − (spec §2). */
export function FaqAccordion({ title, items }: { title?: string; items: { q: string; a: string }[] }) {
  const [open, setOpen] = useState<number | null>(null)
  const contentLang = useContentLang()
  return (
    <section className="card brand-section">
      <SectionTitle title={title} defaultTitle={DEFAULT_FAQ_TITLE} message="brand.faq" />
      <div className="faq" lang={contentLang}>
        {items.map((item, i) => (
          <div key={i} className="faq-item">
            <button type="button" className="faq-q" aria-expanded={open === i} onClick={() => setOpen(open === i ? null : i)}>
              <span>{item.q}</span>
              <span aria-hidden="true">{open === i ? '−' : '+'}</span>
            </button>
            {open === i && <p className="faq-a">{item.a}</p>}
          </div>
        ))}
      </div>
    </section>
  )
}
