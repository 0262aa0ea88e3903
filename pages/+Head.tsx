import { usePageContext } from 'vike-react/usePageContext'
import { SITE_URL_META } from '../components/site-url.ts'
import { SiteFeedLink } from '../components/FeedLinks.tsx'

export default function Head() {
  const { siteUrl } = usePageContext()
  return (
    <>
      <meta name={SITE_URL_META} content={siteUrl} />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta name="theme-color" content="#7c3aed" />
      {/* feeds: the site's on every page (a tag archive adds its own) */}
      <SiteFeedLink />
    </>
  )
}
