import type { HelpLink, HelpSet } from '../lib/gambling-help-international.ts'
import { infoPath, RESPONSIBLE_GAMBLING_SLUG } from '../lib/info-pages.ts'
import { useMarketAge, useMarketPath } from './market-path.ts'

/** Gambling-help organisations (lib/responsible-gambling.ts) on brand pages and the help page; the footer's line is FooterHelpLinks.tsx. */

/** An organisation's link, and its phone number when it has one (brand pages and the help page). */
function HelpLinkWithPhone({ link }: { link: HelpLink }) {
  return (
    <>
      <a href={link.url} target="_blank" rel="noopener">
        {link.name}
      </a>
      {link.phone && (
        <>
          , call <a className="phone" href={`tel:${link.phone.tel}`}>
            {link.phone.display}
          </a>
        </>
      )}
    </>
  )
}

/** A brand page's help box: the visitor's country's organisations (rendered on the server). */
export function BrandHelp({ set }: { set: HelpSet }) {
  const age = useMarketAge()
  const local = useMarketPath()
  return (
    <aside className="help-box" aria-label="Gambling help">
      <strong>{`${age}+ · Gambling help${set.country ? ` in ${set.label}` : ''}:`}</strong>
      {set.links.map((l, i) => (
        <span key={l.url}>
          {i > 0 ? ' · ' : ' '}
          <HelpLinkWithPhone link={l} />
        </span>
      ))}
      {' · '}
      <a href={local(infoPath(RESPONSIBLE_GAMBLING_SLUG))}>More help</a>
    </aside>
  )
}

/** The responsible-gambling page's directory: every country's organisations, the visitor's first. */
export function HelpDirectory({ sets }: { sets: HelpSet[] }) {
  return (
    <section className="help-directory" aria-labelledby="where-to-get-help">
      <h2 id="where-to-get-help">Where to get help</h2>
      {sets.map((set) => (
        <div key={set.country ?? 'international'} data-testid="help-set" data-country={set.country ?? ''}>
          <h3>{set.label}</h3>
          <ul>
            {set.links.map((l) => (
              <li key={l.url}>
                <HelpLinkWithPhone link={l} />
                {l.about && <span className="muted">{` – ${l.about}`}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}
