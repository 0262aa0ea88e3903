import { useData } from 'vike-react/useData'
import { BrandPageView } from '../../../components/BrandPageView.tsx'
import { BrandHelp } from '../../../components/GamblingHelp.tsx'
import { PreviewBanner } from '../../../components/PreviewBanner.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { brand, disclosure, help, available, alternatives, offer, preview, sectionTrees, licensed, marketName } = useData<Data>()
  return (
    <>
      {preview && <PreviewBanner item={brand} />}
      <BrandPageView brand={brand} disclosure={disclosure} availability={{ available, alternatives, offer, unlicensedIn: licensed ? null : marketName }} sectionTrees={sectionTrees} />
      <BrandHelp set={help} terms={brand.termsSummary} />
    </>
  )
}
