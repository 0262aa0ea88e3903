import { DuplicateKeyError } from '../../db/port.ts'
import type { InfoPagesRepository } from '../../db/repositories/info-pages.ts'
import { changedFields } from '../../lib/audit.ts'
import {
  createInfoPageBodySchema,
  type InfoPage,
  type InfoPageBody,
  infoPageBodySchema,
  previewInfoPageBodySchema,
  type StoredInfoPage,
} from '../../lib/info-page-schemas.ts'
import { DEFAULT_INFO_SLUGS, infoPath, isDefaultInfoSlug, isInfoSlug } from '../../lib/info-pages.ts'
import type { MdTree } from '../../lib/markdown-tree.ts'
import { treeText } from '../../lib/markdown-tree.ts'
import { type DefaultInfoPage, defaultInfoPages } from '../demo/info-pages.ts'
import { AppError, notFound } from '../errors.ts'
import { markdownToTree } from './markdown.ts'
import type { AuditService } from '../operations/audit.ts'
import { assertCurrentVersion, nextVersion } from '../editorial/edit-versions.ts'

/** A page as the public page renders it: the Markdown already turned into the allowed-node tree. */
export type PublicInfoPage = Pick<InfoPage, 'slug' | 'title' | 'seoTitle' | 'seoDescription' | 'updatedAt'> & {
  tree: MdTree
  /** the body's text, for the meta description when the page has none of its own */
  text: string
}

const toPage = ({ _id, ...rest }: StoredInfoPage): InfoPage => ({ slug: _id, ...rest, required: isDefaultInfoSlug(_id) })

/**
 * Info pages (privacy, terms, responsible gambling…): editors' writes, the public page's read with
 * the Markdown rendered to a safe tree, and the default pages every installation has. Every write
 * clears the render cache.
 */
export function createInfoPagesService(deps: {
  infoPages: InfoPagesRepository
  audit: AuditService
  now: () => Date
  onChange: () => void
  siteUrl: string
  defaults?: readonly DefaultInfoPage[]
}) {
  const { infoPages } = deps
  const defaults = deps.defaults ?? defaultInfoPages
  const toTree = (body: string) => markdownToTree(body, { siteUrl: deps.siteUrl })

  return {
    /** Every page for the admin, the default ones first in their fixed order, then the rest by slug. */
    async list(): Promise<InfoPage[]> {
      const order = (slug: string) => (isDefaultInfoSlug(slug) ? DEFAULT_INFO_SLUGS.indexOf(slug) : DEFAULT_INFO_SLUGS.length)
      return (await infoPages.list()).map(toPage).sort((a, b) => order(a.slug) - order(b.slug) || a.slug.localeCompare(b.slug))
    },

    async get(slug: string): Promise<InfoPage> {
      const found = isInfoSlug(slug) ? await infoPages.findBySlug(slug) : null
      if (!found) throw notFound('Page not found')
      return toPage(found)
    },

    /** The public page, or null (unknown or malformed slug: the page route answers 404). */
    async page(slug: string): Promise<PublicInfoPage | null> {
      const found = isInfoSlug(slug) ? await infoPages.findBySlug(slug) : null
      if (!found) return null
      const tree = toTree(found.body)
      return { slug: found._id, title: found.title, seoTitle: found.seoTitle, seoDescription: found.seoDescription, updatedAt: found.updatedAt, tree, text: treeText(tree) }
    },

    async create(input: InfoPageBody & { slug: string }): Promise<InfoPage> {
      const { slug, ...fields } = createInfoPageBodySchema.parse(input)
      const at = deps.now().toISOString()
      const page: StoredInfoPage = { _id: slug, ...fields, createdAt: at, updatedAt: at }
      try {
        await infoPages.insert(page)
      } catch (err) {
        if (err instanceof DuplicateKeyError) throw new AppError('conflict', `A page with the slug "${slug}" already exists`)
        throw err
      }
      deps.onChange()
      await deps.audit.record({ action: 'info-page.create', target: `info-page:${slug}`, changes: changedFields(null, page) })
      return toPage(page)
    },

    /** Replaces a page's title, body and SEO fields; its slug and creation time stay. `baseVersion`: as posts (If-Match). */
    async update(slug: string, input: InfoPageBody, opts: { baseVersion?: string } = {}): Promise<InfoPage> {
      const fields = infoPageBodySchema.parse(input)
      const existing = isInfoSlug(slug) ? await infoPages.findBySlug(slug) : null
      if (!existing) throw notFound('Page not found')
      await assertCurrentVersion({ base: opts.baseVersion, current: existing.updatedAt, name: `The page “${existing.title}”`, lastWrite: () => deps.audit.lastWrite(`info-page:${slug}`) })
      const next = { ...fields, updatedAt: nextVersion(existing.updatedAt, deps.now()) }
      if (!(await infoPages.update(slug, next))) throw notFound('Page not found')
      deps.onChange()
      await deps.audit.record({ action: 'info-page.update', target: `info-page:${slug}`, changes: changedFields(existing, { ...existing, ...next }) })
      return toPage({ ...existing, ...next })
    },

    async remove(slug: string) {
      // the footer, brand pages and the consent banner link to these, and the start would bring a deleted one back
      if (isDefaultInfoSlug(slug)) throw new AppError('conflict', `"${slug}" is one of the default pages the site links to; it can be edited but not deleted`)
      if (!isInfoSlug(slug) || !(await infoPages.remove(slug))) throw notFound('Page not found')
      deps.onChange()
      await deps.audit.record({ action: 'info-page.delete', target: `info-page:${slug}` })
    },

    /** The tree a body would render as (the admin's live preview): the same parser as the page. */
    preview(input: { body: string }): MdTree {
      return toTree(previewInfoPageBodySchema.parse(input).body)
    },

    /**
     * Creates the default pages that are missing, leaving existing ones (and editors' changes) alone.
     * Runs at every start, like a migration: safe to repeat, and from several processes at once.
     */
    async ensureDefaults(): Promise<string[]> {
      const at = deps.now().toISOString()
      const inserted = await infoPages.insertMissing(defaults.map(({ slug, ...fields }) => ({ _id: slug, ...infoPageBodySchema.parse(fields), createdAt: at, updatedAt: at })))
      if (inserted.length) deps.onChange()
      for (const slug of inserted) await deps.audit.record({ action: 'info-page.create', target: `info-page:${slug}`, note: 'a default page the site links to' })
      return inserted
    },

    /** Every page's path and last change, for the sitemap. */
    async sitemapEntries(): Promise<{ path: string; lastmod: string }[]> {
      return (await infoPages.sitemapEntries()).map((p) => ({ path: infoPath(p._id), lastmod: p.updatedAt }))
    },
  }
}
export type InfoPagesService = ReturnType<typeof createInfoPagesService>
