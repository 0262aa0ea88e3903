import { useSiteUrl } from '../../components/site-url.ts'
import { SeoHead } from '../../components/SeoHead.tsx'

/**
 * Result pages are thin, endless (one per query and page) and duplicate the articles they list:
 * kept out of search engines' indexes, while crawlers may still follow their links to the articles.
 */
export default function Head() {
  const siteUrl = useSiteUrl()
  return (
    <>
      <meta name="robots" content="noindex, follow" />
      <SeoHead url={`${siteUrl}/search`} title="Search | GameWise" description="Search GameWise articles: gaming and iGaming news, guides and reviews." />
    </>
  )
}
