import type { BrandsRepository } from '../../db/repositories/brands.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import { type PageKind, SLOTS, splitPageKey } from '../../lib/attribution.ts'
import { articlePath, brandPath, tagPath } from '../../lib/archive.ts'
import { countryName } from '../../lib/countries.ts'
import type { ReportRow } from '../../lib/reports.ts'
import { DEFAULT_MARKET, inMarket, type Market } from '../../lib/markets.ts'

export type Label = Pick<ReportRow, 'label' | 'href'>

/** How a report's keys read to people: pages by their titles (and market), slots by their names, brands, countries, devices, markets. */
export function createLabels(deps: { posts: Pick<PostsRepository, 'findById'>; brands: Pick<BrandsRepository, 'findById'>; markets: () => readonly Market[] }) {
  const brandNames = new Map<string, string>()
  async function brandName(id: string) {
    if (!brandNames.has(id)) {
      if (brandNames.size > 5_000) brandNames.clear()
      brandNames.set(id, (await deps.brands.findById(id))?.brandName ?? id)
    }
    return brandNames.get(id)!
  }
  const marketOf = (key: string) => (key ? deps.markets().find((m) => m.key === key) : DEFAULT_MARKET)
  const marketName = (key: string) => (key ? (marketOf(key)?.name ?? key) : DEFAULT_MARKET.name)

  /** A page key (`ca-on/article:x`, `home:`): its title, its market after it when not the default, and its address in that market. */
  async function page(key: string): Promise<Label> {
    const { market, rest } = splitPageKey(key)
    const [kind, ...more] = rest.split(':')
    const id = more.join(':')
    const at = (path: string | undefined) => (path === undefined ? undefined : inMarket(market ? `/${market}` : '', path))
    const named = (l: { label: string; href?: string }): Label => ({ label: market ? `${l.label} (${marketName(market)})` : l.label, ...(l.href !== undefined ? { href: at(l.href) } : {}) })
    switch (kind as PageKind) {
      case 'home':
        return named({ label: 'Home page', href: '/' })
      case 'article': {
        const post = await deps.posts.findById(id)
        return named({ label: post?.title ?? `Article “${id}” (deleted or renamed)`, href: articlePath(id) })
      }
      case 'brand':
        return named({ label: `Brand page: ${await brandName(id)}`, href: brandPath(id) })
      case 'archive':
        return named({ label: 'All articles', href: '/articles' })
      case 'tag':
        return named({ label: `Tag: ${id}`, href: tagPath(id) })
      case 'search':
        return named({ label: 'Search results' })
      case 'info':
        return named({ label: `Info page: ${id}`, href: `/info/${id}` })
      case 'directory':
        return named({ label: 'Brand directory', href: '/brands' })
      case 'not-found':
        return named({ label: 'Page not found (404)' })
      default:
        return { label: 'Unknown page (a link without a placement)' }
    }
  }

  /** A slot, or a slot and position (`article-offers#2`). */
  const slot = (key: string): Label => {
    const [name, position] = key.split('#')
    const title = SLOTS[name as keyof typeof SLOTS] ?? 'Unknown placement'
    return { label: position ? `${title} · position ${position}` : title }
  }

  return {
    page,
    slot,
    /** A page × slot (`article:x|article-offers`). */
    async pageSlot(key: string): Promise<Label> {
      const cut = key.lastIndexOf('|')
      const p = await page(key.slice(0, cut))
      return { ...p, label: `${p.label} · ${slot(key.slice(cut + 1)).label}` }
    },
    country: (key: string): Label => ({ label: key === 'unknown' ? 'Unknown country' : `${countryName(key)} (${key})` }),
    device: (key: string): Label => ({ label: key[0]!.toUpperCase() + key.slice(1) }),
    brand: async (key: string): Promise<Label> => ({ label: await brandName(key), href: brandPath(key) }),
    market: (key: string): Label => ({ label: marketName(key), href: inMarket(key ? `/${key}` : '', '/') }),
  }
}
export type Labels = ReturnType<typeof createLabels>
