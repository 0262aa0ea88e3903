import { useEffect, useState } from 'react'
import { type HelpSet, INTERNATIONAL_LINKS } from '../lib/gambling-help-international.ts'
import { visitorGeo } from './visitor-geo.ts'
import { useT } from './use-t.ts'

// Its own file, kept small: every page loads it (a module shared with other pages would bring all of its code along).
/**
 * The footer's help links. The server renders the international set, so every page's cached HTML is
 * the same for everyone; after hydration the visitor's country (GET /api/geo, never cached) swaps in
 * its own set, whose data is loaded only then.
 */
export function FooterHelpLinks() {
  const [set, setSet] = useState<HelpSet>(INTERNATIONAL_LINKS)
  const t = useT()
  useEffect(() => {
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
  }, [])
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
