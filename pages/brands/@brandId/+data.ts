import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const brand = await pageContext.services!.brands.findBrandPage(pageContext.routeParams.brandId)
  if (!brand) throw render(404, 'Brand not found')
  return { brand }
}
