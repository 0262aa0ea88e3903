import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const { brands, siteSettings } = pageContext.services!
  const [brand, disclosure] = await Promise.all([brands.findBrandPage(pageContext.routeParams.brandId), siteSettings.disclosure()])
  if (!brand) throw render(404, 'Brand not found')
  return { brand, disclosure: disclosure.text }
}
