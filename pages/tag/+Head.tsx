import { useData } from 'vike-react/useData'
import { TagFeedLink } from '../../components/FeedLinks.tsx'
import type { Data } from './+data.ts'

// Added to every page's head tags (pages/+Head.tsx, +seo.ts): this tag's own feed, on each of its pages.
export default function Head() {
  return <TagFeedLink tag={useData<Data>().tag} />
}
