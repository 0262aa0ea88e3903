import { useData } from 'vike-react/useData'
import { BrandPageView } from '../../../components/BrandPageView.tsx'
import { BrandHelp } from '../../../components/GamblingHelp.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { brand, disclosure, help, available, alternatives } = useData<Data>()
  return (
    <>
      <BrandPageView brand={brand} disclosure={disclosure} availability={{ available, alternatives }} />
      <BrandHelp set={help} />
    </>
  )
}
