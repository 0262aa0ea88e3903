export const DEFAULT_TERMS_TITLE = 'Important Terms & Conditions' // spec §9

/** A brand page's terms section: the offer's terms as bullets, titled by default (spec §2). */
export function TermsSection({ title, content }: { title?: string; content: string[] }) {
  return (
    <section className="card brand-section">
      <h2>{title || DEFAULT_TERMS_TITLE}</h2>
      <ul className="bullets">
        {content.map((t, i) => (
          <li key={i}>{t}</li>
        ))}
      </ul>
    </section>
  )
}
