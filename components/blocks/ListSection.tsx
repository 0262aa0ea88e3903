import { useContentLang } from '../use-t.ts'
/** A brand page's list section: subheadings, each with its bullets. */
export function ListSection({ title, content }: { title?: string; content: { subheading: string; bullets: string[] }[] }) {
  return (
    <section className="card brand-section" lang={useContentLang()}>
      {title && <h2>{title}</h2>}
      {content.map((group, i) => (
        <div key={i}>
          <h3>{group.subheading}</h3>
          <ul className="bullets">
            {group.bullets.map((b, k) => (
              <li key={k}>{b}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}
