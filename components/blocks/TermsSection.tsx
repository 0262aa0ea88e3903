import { useContentLang } from '../use-t.ts'
import { SectionTitle } from './SectionTitle.tsx'
export const DEFAULT_TERMS_TITLE = 'Important Terms & Conditions' // spec §9

/** A brand page's terms section: the offer's terms as bullets, titled by default (spec §2). */
export function TermsSection({ title, content }: { title?: string; content: string[] }) {
  const contentLang = useContentLang()
  return (
    <section className="card brand-section">
      <SectionTitle title={title} defaultTitle={DEFAULT_TERMS_TITLE} message="brand.terms" />
      <ul className="bullets" lang={contentLang}>
        {content.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </section>
  )
}
