import './style.css'
import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { usePageView } from '../components/analytics.ts'
import { usePageViewBeacon } from '../components/page-view.ts'
import { ConsentBanner } from '../components/ConsentBanner.tsx'
import { useSiteUrl } from '../components/site-url.ts'
import { Footer } from '../components/Footer.tsx'
import { TopBar } from '../components/TopBar.tsx'
import { MarketSuggestion } from '../components/MarketSuggestion.tsx'
import { useT } from '../components/use-t.ts'

export default function Layout({ children }: { children: ReactNode }) {
  const pageContext = usePageContext()
  const path = pageContext.urlPathname + (pageContext.urlParsed.searchOriginal ?? '')

  const siteUrl = useSiteUrl()
  const t = useT()
  // the admin panels are a workspace, not a marketing page: no public footer (issue 12)
  const isAdmin = /^\/admin(market)?(\/|$)/.test(pageContext.urlPathname)
  // nor a visitor's consent banner: the staff's own screens and the way in to them ask an editor at work nothing
  const isStaff = isAdmin || /^\/(login|signup)\/?$/.test(pageContext.urlPathname)
  usePageView(path)
  usePageViewBeacon(pageContext.urlPathname, pageContext.is404 === true, pageContext.marketPrefix)

  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      {isStaff ? null : <ConsentBanner />}
      <TopBar siteUrl={siteUrl} />
      {isAdmin ? null : <MarketSuggestion />}
      <main id="main" className="container">
        <div className="page-loading" aria-hidden="true">
          <div className="skeleton skeleton-image" />
          <div className="skeleton skeleton-line wide" />
          <div className="skeleton skeleton-line" />
        </div>
        <div className="page-content">{children}</div>
      </main>
      {isAdmin ? null : <Footer />}
    </>
  )
}
