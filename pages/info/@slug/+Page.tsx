import { useData } from 'vike-react/useData'
import { HelpDirectory } from '../../../components/GamblingHelp.tsx'
import { MarkdownTree } from '../../../components/MarkdownTree.tsx'
import { useMarketAge } from '../../../components/market-path.ts'
import type { Data } from './+data.ts'
import { useContentLang, useLocale, useT } from '../../../components/use-t.ts'
import { formatDay } from '../../../lib/format.ts'

export default function Page() {
  const { page, help } = useData<Data>()
  const t = useT()
  const locale = useLocale()
  const age = useMarketAge()
  // info pages are written once, in English: marked so on a page in another language; the site's own words are not
  const contentLang = useContentLang()
  const own = contentLang ? locale : undefined
  return (
    <article className="article info-page" lang={contentLang}>
      <h1>{page.title}</h1>
      <p className="muted small" lang={own}>
        {t('info.lastUpdated')} <time dateTime={page.updatedAt}>{formatDay(page.updatedAt, locale) ?? page.updatedAt.slice(0, 10)}</time>
      </p>
      {/* the edition's own minimum age (issue 34: 19 in Ontario), never a figure in text written once for every market */}
      {help && (
        <p className="age-notice" lang={own} data-testid="age-notice">
          <strong>{t('info.minimumAge', { age })}</strong>
        </p>
      )}
      <MarkdownTree tree={page.tree} />
      {help && <HelpDirectory sets={help} />}
    </article>
  )
}
