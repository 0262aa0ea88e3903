import { useMarketPath } from './market-path.ts'
import { useState } from 'react'
import { infoPath } from '../lib/info-pages.ts'
import { FooterHelpLinks } from './FooterHelpLinks.tsx'
import { openConsentSettings } from './consent.ts'
import { Modal } from './Modal.tsx'
import { useMarketAge } from './market-path.ts'

// spec §2, "Top bar and footer"
const lists: [string, string[]][] = [
  ['Categories', ['News', 'Reviews', 'Guides', 'Esports']],
  ['Platforms', ['PC', 'PlayStation', 'Xbox', 'Mobile']],
  ['Community', ['Forums', 'Discord', 'Streamers', 'Merch']],
  ['About', ['About Us', 'Team', 'Careers', 'Press', 'Contact']],
]
const legal = ['Privacy Policy', 'Terms of Service', 'Cookie Settings']
const socials = ['X', 'YouTube', 'Twitch', 'Instagram']
// Items with an info page (/info/:slug, edited in /admin) are links; the rest keep the spec's modal.
const pageOf: Record<string, string> = { 'About Us': 'about', Contact: 'contact', 'Privacy Policy': 'privacy', 'Terms of Service': 'terms' }
// compliance pages beside the spec's legal items
const compliance: [string, string][] = [
  ['Cookie policy', 'cookies'],
  ['Responsible gambling', 'responsible-gambling'],
  ['Affiliate disclosure', 'affiliate-disclosure'],
]

export function comingSoonText(item: string, group?: string) {
  return group === 'About' || legal.includes(item) ? `${item} content coming soon.` : `Coming soon. Stay tuned for updates on ${item}!`
}

export function Footer() {
  const age = useMarketAge()
  const local = useMarketPath()
  const [modal, setModal] = useState<{ item: string; group?: string } | null>(null)
  return (
    <footer className="footer">
      <div className="container">
        <div className="footer-grid">
          <div className="footer-brand">
            <img src="/logo-on-dark.svg" alt="GameWise" width={180} height={40} /> {/* a light wordmark: the dark one was invisible on the footer */}
            <p>Independent guides, news and offers for players who like to know the odds.</p>
            <form className="newsletter" onSubmit={(e) => e.preventDefault()}>
              <label htmlFor="newsletter-email" className="sr-only">
                Email address
              </label>
              <input id="newsletter-email" type="email" required placeholder="Your email" />
              <button type="submit" className="btn btn-primary">
                Subscribe
              </button>
            </form>
          </div>
          {lists.map(([group, items]) => (
            <div key={group}>
              <h2 className="footer-heading">{group}</h2>
              <ul>
                {items.map((item) => (
                  <li key={item}>
                    {pageOf[item] ? (
                      <a className="link-button" href={local(infoPath(pageOf[item]))}>
                        {item}
                      </a>
                    ) : (
                      <button type="button" className="link-button" onClick={() => setModal({ item, group })}>
                        {item}
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
                  {item}
                </a>
              ) : (
                <button key={item} type="button" className="link-button" onClick={() => (item === 'Cookie Settings' ? openConsentSettings() : setModal({ item }))}>
                  {item}
                </button>
              ),
            )}
            {compliance.map(([item, slug]) => (
              <a key={slug} className="link-button" href={local(infoPath(slug))}>
                {item}
              </a>
            ))}
          </div>
          <p className="small">{`${age}+ | Play responsibly. © 2026 GameWise`}</p>
        </div>
        <FooterHelpLinks />
      </div>
      {modal && (
        <Modal title={modal.item} onClose={() => setModal(null)}>
          <p>{comingSoonText(modal.item, modal.group)}</p>
        </Modal>
      )}
    </footer>
  )
}
