import { useEffect, useState } from 'react'
import { type HelpSet, INTERNATIONAL_LINKS } from '../lib/gambling-help-international.ts'
import { useMarketHelp } from './market-path.ts'
import { visitorGeo } from './visitor-geo.ts'
import { useT } from './use-t.ts'

// Its own file, kept small: every page loads it (a module shared with other pages would bring all of its code along).
/**
 * The footer's help links. In a market that names its help (Ontario, Germany), that market's set for
 * everyone. Elsewhere the server renders the international set, so every page's cached HTML is the same
 * for everyone; after hydration the visitor's country (GET /api/geo, never cached) swaps in its own set,
 * whose data is loaded only then.
 */
export function FooterHelpLinks() {
  // a market that names its help (Ontario, Germany) shows it to everyone reading that market (issue 34)
  const marketHelp = useMarketHelp()
  const [set, setSet] = useState<HelpSet>(marketHelp ?? INTERNATIONAL_LINKS)
  const t = useT()
  useEffect(() => {
    if (marketHelp) return
    let live = true
    visitorGeo()
      .then(async (geo) => {
        if (!geo?.country) return
        const { helpFor } = await import('../lib/responsible-gambling.ts')
        const found = helpFor(geo.country)
        if (live && found.country) setSet(found)
      })
      .catch(() => {}) // offline or blocked: the international set stays
    return () => {
      live = false
    }
  }, [marketHelp])
  return (
    <p className="small help-line" data-country={set.country ?? ''}>
      {t('footer.needHelp')}{' '}
      {set.links.map((l, i) => (
        <span key={l.url}>
          {i > 0 && ' · '}
          <a href={l.url} target="_blank" rel="noopener">
            {l.name}
          </a>
        </span>
      ))}
    </p>
  )
}
