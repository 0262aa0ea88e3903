import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { helpFor } from '../../../lib/responsible-gambling.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const { brands, siteSettings } = pageContext.services!
  const [brand, disclosure] = await Promise.all([brands.findBrandPage(pageContext.routeParams.brandId), siteSettings.disclosure()])
  if (!brand) throw render(404, 'Brand not found')
  // gambling help for the visitor's country (the international set when unknown): brand pages render per country
  return { brand, disclosure: disclosure.text, help: helpFor(pageContext.visitorCountry) }
}
