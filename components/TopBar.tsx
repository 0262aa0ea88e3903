import { useState } from 'react'
import { infoPath } from '../lib/info-pages.ts'
import type { MessageKey } from '../lib/i18n/index.ts'
import { useMarketPath, useNavLinks } from './market-path.ts'
import { SearchForm } from './SearchForm.tsx'
import { useT } from './use-t.ts'

/**
 * The top bar (spec §2): the logo home, the two links to the site's own articles (in the page's market), search, and
 * the mobile menu. On a wide screen the bar shows the two links; below 900 px they are in the menu, in named groups
 * beside the lists and help a phone has no other quick way to (reading, offers, help), and the menu's button is a
 * cross while it is open.
 */
export function TopBar({ siteUrl }: { siteUrl: string }) {
  const [open, setOpen] = useState(false)
  const local = useMarketPath()
  const t = useT()
  // spec §2 says these point at the site's own public article pages: absolute links to them
  const links = useNavLinks().map((l) => ({ ...l, href: `${siteUrl}${l.href}` }))
  const close = () => setOpen(false)
  const groups = [
    { id: 'menu-read', title: t('nav.groupRead'), links: [...links.map((l) => ({ ...l, label: t(`nav.${l.key}` as MessageKey) })), { key: 'articles', label: t('nav.allArticles'), href: local('/articles'), more: true }] },
    { id: 'menu-offers', title: t('nav.groupOffers'), links: [{ key: 'brands', label: t('nav.allBrands'), href: local('/brands'), more: true }] },
    { id: 'menu-help', title: t('nav.groupHelp'), links: [{ key: 'help', label: t('nav.help'), href: local(infoPath('responsible-gambling')), more: true }] },
  ]
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
        <nav id="main-menu" className={`topbar-nav${open ? ' open' : ''}`} aria-label={t('layout.mainNav')}>
          {groups.map((g) => (
            <div key={g.id} className={g.links.every((l) => 'more' in l) ? 'menu-group menu-only' : 'menu-group'} role="group" aria-labelledby={g.id}>
              <p id={g.id} className="menu-group-title">
                {g.title}
              </p>
              {g.links.map((l) => (
                <a key={l.key} href={l.href} className={'more' in l ? 'menu-only' : undefined} onClick={close}>
                  {l.label}
                </a>
              ))}
            </div>
          ))}
        </nav>
        <SearchForm id="topbar-q" label={t('search.siteLabel')} compact suggest />
        <button type="button" className={`menu-toggle${open ? ' open' : ''}`} aria-label={t('layout.toggleMenu')} aria-controls="main-menu" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          <span />
          <span />
          <span />
        </button>
      </div>
    </header>
  )
}
