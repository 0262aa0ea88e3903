import { useState } from 'react'
import { useMarketPath } from './market-path.ts'
import { SearchForm } from './SearchForm.tsx'

export function TopBar({ siteUrl }: { siteUrl: string }) {
  const [open, setOpen] = useState(false)
  const local = useMarketPath()
  const links = [
    { label: "What's Hot in Gaming?", href: `${siteUrl}/article/mobile-gaming-trends-2026` },
    { label: 'Esports', href: `${siteUrl}/article/esports-betting-basics` },
  ]
  return (
    <header className="topbar">
      <div className="container topbar-inner">
        <a href={local('/')} className="logo" aria-label="GameWise home">
          {/* phones get the mark alone, so the search box and the menu button each keep their own room */}
          <picture>
            <source media="(max-width: 479px)" srcSet="/favicon.svg" width={40} height={40} />
            <img src="/logo.svg" alt="GameWise" width={180} height={40} />
          </picture>
        </a>
        <nav className={`topbar-nav${open ? ' open' : ''}`} aria-label="Main">
          {links.map((l) => (
            <a key={l.label} href={l.href} onClick={() => setOpen(false)}>
              {l.label}
            </a>
          ))}
        </nav>
        <SearchForm id="topbar-q" label="Search the site" compact suggest />
        <button type="button" className="menu-toggle" aria-label="Toggle menu" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          <span />
          <span />
          <span />
        </button>
      </div>
    </header>
  )
}
