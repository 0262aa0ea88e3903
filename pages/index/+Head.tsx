import { usePageContext } from 'vike-react/usePageContext'
import { SeoHead } from '../../components/SeoHead.tsx'

export default function Head() {
  const { siteUrl } = usePageContext()
  return (
    <SeoHead
      url={`${siteUrl}/`}
      title="GameWise – gaming and iGaming news, guides and offers"
      description="Independent gaming and iGaming guides, honest reviews and curated brand offers."
      image="/demo/hero.svg"
    />
  )
}
