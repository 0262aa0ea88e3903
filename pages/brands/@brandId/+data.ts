import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  // a brand not available in the visitor's country still renders (search engines, shared links), without its call-to-action
  const found = await pageContext.services!.brands.brandPageFor(pageContext.routeParams.brandId, pageContext.visitorCountry ?? null)
  if (!found) throw render(404, 'Brand not found')
  return found
}
