import { useContentLang, useT } from '../use-t.ts'
export const DEFAULT_TERMS_TITLE = 'Important Terms & Conditions' // spec §9

/** A brand page's terms section: the offer's terms as bullets, titled by default (spec §2). */
export function TermsSection({ title, content }: { title?: string; content: string[] }) {
  const t = useT()
  const contentLang = useContentLang()
  const own = title && title !== DEFAULT_TERMS_TITLE
  return (
    <section className="card brand-section">
      {/* the spec's default title is the catalog's, in the page's language; an editor's own stays as written */}
      <h2 lang={own ? contentLang : undefined}>{own ? title : t('brand.terms')}</h2>
      <ul className="bullets" lang={contentLang}>
        {content.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </section>
  )
}
