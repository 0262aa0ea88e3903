import { usePageContext } from 'vike-react/usePageContext'
import { errorMessage } from './error-message.ts'

export default function Page() {
  // the spec's texts ('Article not found.', 'Brand not found') as the page's one heading
  const message = errorMessage(usePageContext())
  return (
    <div className="error-page">
      <h1 className="empty">{message}</h1>
      <a className="btn" href="/">
        Go to the home page
      </a>
    </div>
  )
}
