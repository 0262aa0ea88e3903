import { usePageContext } from 'vike-react/usePageContext'

export default function Page() {
  const { is404, abortReason } = usePageContext()
  const message = typeof abortReason === 'string' ? abortReason : is404 ? 'Page not found.' : 'Something went wrong. Please try again.'
  return (
    <div className="error-page">
      <p className="empty">{message}</p>
      <a className="btn" href="/">
        Go to the home page
      </a>
    </div>
  )
}
