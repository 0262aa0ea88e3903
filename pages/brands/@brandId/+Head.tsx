import { useData } from 'vike-react/useData'
import { useSiteUrl } from '../../../components/site-url.ts'
import { SeoHead } from '../../../components/SeoHead.tsx'
import type { Data } from './+data.ts'

export default function Head() {
  const siteUrl = useSiteUrl()
  const { brand } = useData<Data>()
  return (
    <>
      <SeoHead
        url={`${siteUrl}/brands/${encodeURIComponent(brand._id)}`}
        title={`${brand.brandName} review and offer`}
        description={brand.tagline || brand.offerHighlight}
        image={brand.bannerImage?.cdnUrl || brand.logo?.cdnUrl}
      />
    </>
  )
}
