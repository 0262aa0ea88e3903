import type { AuditService } from './audit.ts'
import { brandInputSchema, type Post, postInputSchema } from '../../lib/schemas.ts'
import type { BrandDoc, BrandsRepository } from '../../db/repositories/brands.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import type { AuthorsRepository } from '../../db/repositories/authors.ts'
import { authorBodySchema } from '../../lib/author-schemas.ts'
import { demoAuthors } from '../demo/authors.ts'
import { demoMarkets, demoTranslations } from '../demo/markets.ts'
import type { Market } from '../../lib/markets.ts'
import { demoBrands } from '../demo/brands.ts'
import { demoPosts } from '../demo/posts.ts'
import { AppError } from '../errors.ts'
import type { InfoPagesService } from '../content/info-pages.ts'
import type { MediaService } from '../media/service.ts'
import { type DemoImage, loadDemoImages } from '../demo/raster-images.ts'

export function createSeedService(deps: {
  posts: PostsRepository
  brands: BrandsRepository
  authors: Pick<AuthorsRepository, 'insertMissing'>
  /** issue 23: the demo's markets (absent: none seeded) */
  markets?: { seed: (list: Market[]) => Promise<string[]> }
  infoPages: Pick<InfoPagesService, 'ensureDefaults'>
  audit: AuditService
  media: Pick<MediaService, 'saveImage'>
  /** Where generated demo images are cached (server/demo/raster-images.ts; its default when left out, none with null). */
  demoImageCache?: string | null
  now: () => Date
  onChange: () => void
}) {
  const { posts, brands } = deps
  return {
    async isEmpty() {
      return (await posts.count()) === 0 && (await brands.count()) === 0
    },

    /**
     * Demo content (issue 2) through the same schemas as every other write: invalid demo data fails loudly.
     * `rasterImages` (the default): covers and banners become raster uploads with renditions
     * (server/demo/raster-images.ts: about 0.4 s an image when made, milliseconds from its cache);
     * without it they stay the SVGs in public/demo/ (tests that do not look at images seed that way).
     */
    async seedDemo(opts: { force?: boolean; rasterImages?: boolean } = {}) {
      if (!opts.force && !(await this.isEmpty())) throw new AppError('conflict', 'The store is not empty; use --force to seed anyway')
      const base = deps.now().getTime()
      // issue 23: the German translations come after their originals, which they name
      const postInputs = [...demoPosts, ...demoTranslations].map((raw) => postInputSchema.parse(raw))
      const brandInputs = demoBrands.map((raw) => brandInputSchema.parse(raw))
      const authorInputs = demoAuthors.map(({ _id, photoSvg, ...raw }) => ({ _id, photoSvg, ...authorBodySchema.parse(raw) }))
      const images = (opts.rasterImages ?? true)
        ? await loadDemoImages([...new Set([...postInputs.map((p) => p.image), ...brandInputs.map((b) => b.bannerImage ?? ''), ...authorInputs.map((a) => a.photoSvg)])], { cacheDir: deps.demoImageCache }) // a translation shares its original's cover: drawn once
        : new Map<string, DemoImage>()
      /** The demo image as an upload (its id and URL), or null to keep the path as it is. */
      const upload = async (path: string, alt: string) => {
        const image = images.get(path)
        if (!image) return null
        const name = path.split('/').pop()!.replace(/\.svg$/, '.jpg')
        return deps.media.saveImage(image.bytes, { filename: name, alt, renditions: image.renditions })
      }
      // the profiles first: demo posts name them (issue 22); a photo is an upload or nothing
      const authors = []
      for (const { photoSvg, slug, ...input } of authorInputs) {
        const at = new Date(base).toISOString()
        const photo = (await upload(photoSvg, `Photo of ${input.name}`))?.url ?? ''
        authors.push({ ...input, slug: slug!, photo, createdAt: at, updatedAt: at })
      }
      const authorCount = (await deps.authors.insertMissing(authors)).length
      let postCount = 0
      for (const [i, input] of postInputs.entries()) {
        if (opts.force && (await posts.findById(input._id!))) continue
        const at = new Date(base - i * 3_600_000).toISOString()
        const imageUrl = (await upload(input.image, input.imageAlt ?? input.title))?.url ?? input.image
        await posts.insert({ ...input, _id: input._id!, image: imageUrl, createdAt: at, updatedAt: at } as Post)
        postCount++
      }
      let brandCount = 0
      for (const [i, input] of brandInputs.entries()) {
        if (opts.force && (await brands.findById(input._id!))) continue
        const at = new Date(base + i * 1_000).toISOString()
        const ref = (url: string | null) => (url ? { cdnUrl: url, contentType: url.endsWith('.svg') ? 'image/svg+xml' : '' } : null)
        // logos stay SVG (small and sharp at any size); the banner, the page's largest image, becomes an upload
        const banner = input.bannerImage ? await upload(input.bannerImage, input.bannerAlt ?? `${input.brandName} banner`) : null
        const bannerImage = banner ? { mediaId: banner.id, contentType: banner.contentType } : ref(input.bannerImage)
        const { status: _s, publishAt: _p, ...fields } = input // demo brands are published
        const doc: BrandDoc = { ...fields, _id: input._id!, logo: ref(input.logo), bannerImage, createdAt: at, updatedAt: at }
        await brands.insert(doc)
        brandCount++
      }
      if (deps.markets) {
        const at = new Date(base).toISOString()
        await deps.markets.seed(demoMarkets.map((m) => ({ ...m, createdAt: at, updatedAt: at })))
      }
      // the default info pages too (a start adds them to any store; a test or `seed demo` needs them now)
      const infoPages = (await deps.infoPages.ensureDefaults()).length
      deps.onChange()
      await deps.audit.record({ action: 'seed.demo', target: 'store', note: `${postCount} posts, ${brandCount} brand pages, ${authorCount} authors` })
      return { posts: postCount, brands: brandCount, authors: authorCount, infoPages }
    },
  }
}
