import { useMarketPath } from './market-path.ts'
import { lazy, Suspense, useState } from 'react'
import { infoPath } from '../lib/info-pages.ts'
import { FooterHelpLinks } from './FooterHelpLinks.tsx'
import { openConsentSettings } from './consent.ts'
import { useMarketAge } from './market-path.ts'
import { useT } from './use-t.ts'

// spec §2, "Top bar and footer": groups and items by their catalog keys (footer.group.*, footer.item.*)
type Item = 'news' | 'reviews' | 'guides' | 'esports' | 'pc' | 'playstation' | 'xbox' | 'mobile' | 'forums' | 'discord' | 'streamers' | 'merch' | 'aboutUs' | 'team' | 'careers' | 'press' | 'contact' | 'privacy' | 'terms' | 'cookieSettings'
type Group = 'categories' | 'platforms' | 'community' | 'about'
const lists: [Group, Item[]][] = [
  ['categories', ['news', 'reviews', 'guides', 'esports']],
  ['platforms', ['pc', 'playstation', 'xbox', 'mobile']],
  ['community', ['forums', 'discord', 'streamers', 'merch']],
  ['about', ['aboutUs', 'team', 'careers', 'press', 'contact']],
]
const legal: Item[] = ['privacy', 'terms', 'cookieSettings']
const socials = ['X', 'YouTube', 'Twitch', 'Instagram']
// Items with an info page (/info/:slug, edited in /admin) are links; the rest keep the spec's modal.
const pageOf: Partial<Record<Item, string>> = { aboutUs: 'about', contact: 'contact', privacy: 'privacy', terms: 'terms' }
// compliance pages beside the spec's legal items
const compliance: ['cookiePolicy' | 'responsibleGambling' | 'affiliateDisclosure', string][] = [
  ['cookiePolicy', 'cookies'],
  ['responsibleGambling', 'responsible-gambling'],
  ['affiliateDisclosure', 'affiliate-disclosure'],
]

// the modal (and its words) loads when a visitor first presses an item without a page (issue 37)
const ComingSoonModal = lazy(() => import('./ComingSoonModal.tsx'))

export function Footer() {
  const age = useMarketAge()
  const local = useMarketPath()
  const t = useT()
  const name = (item: Item) => t(`footer.item.${item}`)
  const [modal, setModal] = useState<{ item: string; group?: string } | null>(null)
  return (
    <footer className="footer">
      <div className="container">
        <div className="footer-grid">
          <div className="footer-brand">
            <img src="/logo-on-dark.svg" alt="GameWise" width={180} height={40} /> {/* a light wordmark: the dark one was invisible on the footer */}
            <p>{t('footer.tagline')}</p>
            <form className="newsletter" onSubmit={(e) => e.preventDefault()}>
              <label htmlFor="newsletter-email" className="sr-only">
                {t('footer.email')}
              </label>
              <input id="newsletter-email" type="email" required placeholder={t('footer.emailPlaceholder')} />
              <button type="submit" className="btn btn-primary">
                {t('footer.subscribe')}
              </button>
            </form>
          </div>
          {lists.map(([group, items]) => (
            <div key={group}>
              <h2 className="footer-heading">{t(`footer.group.${group}`)}</h2>
              <ul>
                {items.map((item) => (
                  <li key={item}>
                    {pageOf[item] ? (
                      <a className="link-button" href={local(infoPath(pageOf[item]))}>
                        {name(item)}
                      </a>
                    ) : (
                      <button type="button" className="link-button" onClick={() => setModal({ item: name(item), group })}>
                        {name(item)}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="footer-bottom">
          <div className="socials">
            {socials.map((s) => (
              <button key={s} type="button" className="social" onClick={() => setModal({ item: s })}>
                {/* the name is the button's text (for screen readers and voice control); the badge is decoration */}
                <span aria-hidden="true">{s.slice(0, 2)}</span>
                <span className="sr-only">{s}</span>
              </button>
            ))}
          </div>
          <div className="legal">
            {legal.map((item) =>
              pageOf[item] ? (
                <a key={item} className="link-button" href={local(infoPath(pageOf[item]))}>
                  {name(item)}
                </a>
              ) : (
                <button key={item} type="button" className="link-button" onClick={() => (item === 'cookieSettings' ? openConsentSettings() : setModal({ item: name(item), group: 'legal' }))}>
                  {name(item)}
                </button>
              ),
            )}
            {compliance.map(([item, slug]) => (
              <a key={slug} className="link-button" href={local(infoPath(slug))}>
                {t(`footer.item.${item}`)}
              </a>
            ))}
          </div>
          <p className="small">{t('footer.ageLine', { age })}</p>
        </div>
        <FooterHelpLinks />
      </div>
      {modal && (
        <Suspense>
          <ComingSoonModal item={modal.item} group={modal.group} onClose={() => setModal(null)} />
        </Suspense>
      )}
    </footer>
  )
}
