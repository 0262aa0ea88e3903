import { useState } from 'react'
import type { MessageKey } from '../lib/i18n/index.ts'
import { useMarketPath, useNavLinks } from './market-path.ts'
import { SearchForm } from './SearchForm.tsx'
import { useT } from './use-t.ts'

/** The top bar (spec §2): the logo home, the two links to the site's own articles (in the page's market), search, and the mobile menu. */
export function TopBar({ siteUrl }: { siteUrl: string }) {
  const [open, setOpen] = useState(false)
  const local = useMarketPath()
  const t = useT()
  // spec §2 says these point at the site's own public article pages: absolute links to them
  const links = useNavLinks().map((l) => ({ ...l, href: `${siteUrl}${l.href}` }))
  return (
    <header className="topbar">
      <div className="container topbar-inner">
        <a href={local('/')} className="logo" aria-label={t('layout.homeLink')}>
          {/* phones get the mark alone, so the search box and the menu button each keep their own room */}
          <picture>
            <source media="(max-width: 479px)" srcSet="/favicon.svg" width={40} height={40} />
            <img src="/logo.svg" alt="GameWise" width={180} height={40} />
          </picture>
        </a>
        <nav className={`topbar-nav${open ? ' open' : ''}`} aria-label={t('layout.mainNav')}>
          {links.map((l) => (
            <a key={l.key} href={l.href} onClick={() => setOpen(false)}>
              {t(`nav.${l.key}` as MessageKey)}
            </a>
          ))}
        </nav>
        <SearchForm id="topbar-q" label={t('search.siteLabel')} compact suggest />
        <button type="button" className="menu-toggle" aria-label={t('layout.toggleMenu')} aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          <span />
          <span />
          <span />
        </button>
      </div>
    </header>
  )
}
