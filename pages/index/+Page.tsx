import { useData } from 'vike-react/useData'
import { HomeView } from '../../components/HomeView.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  return <HomeView {...useData<Data>()} />
}
