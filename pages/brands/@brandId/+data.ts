import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { helpFor } from '../../../lib/responsible-gambling.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const { brands, siteSettings } = pageContext.services!
  // a brand not available in the visitor's country still renders (search engines, shared links), without its call-to-action
  const [found, disclosure] = await Promise.all([brands.brandPageFor(pageContext.routeParams.brandId, pageContext.visitorCountry ?? null, { preview: pageContext.preview === true }), siteSettings.disclosure()])
  if (!found) throw render(404, 'Brand not found')
  // gambling help for the visitor's country (the international set when unknown): brand pages render per country
  return { ...found, disclosure: disclosure.text, help: helpFor(pageContext.visitorCountry), ...(pageContext.preview ? { preview: true as const } : {}) }
}
