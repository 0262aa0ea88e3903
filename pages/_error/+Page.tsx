import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { NotFoundView } from '../../components/NotFoundView.tsx'
import type { Data } from './+data.ts'
import { errorMessage } from './error-message.ts'
import { useT } from '../../components/use-t.ts'

export default function Page() {
  // the spec's texts ('Article not found.', 'Brand not found') as the page's one heading
  const message = errorMessage(usePageContext(), useT())
  // a 404's help (issue 26); none when its data hook did not run or failed
  const data = useData<Data | undefined>()
  return <NotFoundView message={message} help={data?.help ?? null} />
}
