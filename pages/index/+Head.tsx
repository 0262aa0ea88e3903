import { useSiteUrl } from '../../components/site-url.ts'
import { SeoHead } from '../../components/SeoHead.tsx'

export default function Head() {
  const siteUrl = useSiteUrl()
  return (
    <SeoHead
      url={`${siteUrl}/`}
      title="GameWise – gaming and iGaming news, guides and offers"
      description="Independent gaming and iGaming guides, honest reviews and curated brand offers."
      image="/demo/hero.svg"
    />
  )
}
