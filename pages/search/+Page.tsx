import { useData } from 'vike-react/useData'
import { SearchView } from '../../components/SearchView.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <SearchView {...useData<Data>()} />
}
