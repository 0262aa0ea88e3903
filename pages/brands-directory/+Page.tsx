import { useData } from 'vike-react/useData'
import { BrandDirectoryView } from '../../components/BrandDirectoryView.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <BrandDirectoryView {...useData<Data>()} />
}
