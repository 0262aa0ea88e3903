// Account and admin pages are not for search engines.
export default function Head() {
  return <meta name="robots" content="noindex, nofollow" />
}
