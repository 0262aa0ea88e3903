import { renderToStaticMarkup } from 'react-dom/server'
import { VikeReactProviderPageContext } from 'vike-react/usePageContext'
import type { PageContext } from 'vike/types'
import { describe, expect, it } from 'vitest'
import { SiteFeedLink, TagFeedLink } from './FeedLinks.tsx'

const onSite = (node: React.ReactNode) =>
  renderToStaticMarkup(<VikeReactProviderPageContext pageContext={{ siteUrl: 'https://gamewise.example' } as PageContext}>{node}</VikeReactProviderPageContext>)

describe('feed links for the page head', () => {
  it('the site feed, with an absolute URL', () => {
    expect(onSite(<SiteFeedLink />)).toBe('<link rel="alternate" type="application/rss+xml" title="GameWise – latest articles" href="https://gamewise.example/rss.xml"/>')
  })

  it('a tag archive’s own feed, titled with the tag as editors wrote it (escaped by React)', () => {
    expect(onSite(<TagFeedLink tag={{ slug: 'slots-spins', name: 'Slots & "Spins"' }} />)).toBe(
      '<link rel="alternate" type="application/rss+xml" title="GameWise – Slots &amp; &quot;Spins&quot;" href="https://gamewise.example/tag/slots-spins/rss.xml"/>',
    )
  })
})
