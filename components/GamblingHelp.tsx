import type { HelpLink, HelpSet } from '../lib/gambling-help-international.ts'
import { highestAgeMark } from '../lib/inducements.ts'
import { infoPath, RESPONSIBLE_GAMBLING_SLUG } from '../lib/info-pages.ts'
import { useMarketAge, useMarketPath } from './market-path.ts'
import { useContentLang, useLocale, useT } from './use-t.ts'

/** A country's name in the page's language (Intl), else the help set's own English label. */
function countryName(code: string, locale: string, fallback: string): string {
  if (locale.startsWith('en')) return fallback
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? fallback
  } catch {
    return fallback
  }
}

/** Gambling-help organisations (lib/responsible-gambling.ts) on brand pages and the help page; the footer's line is FooterHelpLinks.tsx. */

/** An organisation's link, and its phone number when it has one (brand pages and the help page). */
function HelpLinkWithPhone({ link }: { link: HelpLink }) {
  const t = useT()
  return (
    <>
      <a href={link.url} target="_blank" rel="noopener">
        {link.name}
      </a>
      {link.phone && (
        <>
          {t('help.call')} <a className="phone" href={`tel:${link.phone.tel}`}>
            {link.phone.display}
          </a>
        </>
      )}
    </>
  )
}

/**
 * A brand page's help box: the visitor's country's organisations (rendered on the server), under the
 * market's age mark, or the brand's own where its terms state a higher one (issue 34: a 21+ brand said 18+).
 */
export function BrandHelp({ set, terms }: { set: HelpSet; terms?: string }) {
  const age = Math.max(useMarketAge(), highestAgeMark(terms) ?? 0)
  const local = useMarketPath()
  const t = useT()
  const locale = useLocale()
  return (
    <aside className="help-box" aria-label={t('help.label')}>
      <strong>{set.country ? t('help.lineIn', { age, country: countryName(set.country, locale, set.label) }) : t('help.line', { age })}</strong>
      {set.links.map((l, i) => (
        <span key={l.url}>
          {i > 0 ? ' · ' : ' '}
          <HelpLinkWithPhone link={l} />
        </span>
      ))}
      {' · '}
      <a href={local(infoPath(RESPONSIBLE_GAMBLING_SLUG))}>{t('help.more')}</a>
    </aside>
  )
}

/** The responsible-gambling page's directory: every country's organisations, the visitor's first. */
export function HelpDirectory({ sets }: { sets: HelpSet[] }) {
  const t = useT()
  const locale = useLocale()
  return (
    <section className="help-directory" aria-labelledby="where-to-get-help" lang={useContentLang() ? locale : undefined}>
      <h2 id="where-to-get-help">{t('help.where')}</h2>
      {sets.map((set) => (
        <div key={set.country ?? 'international'} data-testid="help-set" data-country={set.country ?? ''}>
          <h3>{set.country ? countryName(set.country, locale, set.label) : set.label}</h3>
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
