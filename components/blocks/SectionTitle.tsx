import type { MessageKey } from '../../lib/i18n/index.ts'
import { useContentLang, useT } from '../use-t.ts'

/**
 * A brand section's heading: the spec's default title is the catalog's (`message`), in the page's language;
 * an editor's own title stays as written, marked in the content's language.
 */
export function SectionTitle({ title, defaultTitle, message }: { title?: string; defaultTitle: string; message: MessageKey }) {
  const t = useT()
  const contentLang = useContentLang()
  const own = title && title !== defaultTitle
  return <h2 lang={own ? contentLang : undefined}>{own ? title : t(message)}</h2>
}
