import { useData } from 'vike-react/useData'
import { BrandPageView } from '../../../components/BrandPageView.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { brand, disclosure } = useData<Data>()
  return <BrandPageView brand={brand} disclosure={disclosure} />
}
