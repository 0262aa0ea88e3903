import * as z from 'zod'
import { bodySectionSchema, type PostType, postBodySchema, postTypeSchema, type ReadablePostType } from '../../lib/schemas.ts'
import { previewText } from '../content/preview-text.ts'
import { countryCodeSchema } from '../../lib/geo.ts'
import { marketParam } from './market-param.ts'
import { createRouter, rule } from '../router.ts'
import { AI_SECTION_CHOICES } from '../content/ai-writer.ts'
import { BLOG_CONTENT_LIMIT } from '../content/articles.ts'
import { validate } from '../validate.ts'
import { notFound } from '../errors.ts'
import { baseVersionOf } from '../editorial/edit-versions.ts'
import { toCard } from '../../lib/cards.ts'
import { revisionRoutes } from './revisions.ts'

// room for a 5 MB image as base64 inside the JSON body
const postWrite = rule({ access: 'editor', bodyLimit: 8 * 1024 * 1024 })

const fluximgQuery = z.object({
  query: z.string().trim().max(200).default('game'),
  per_page: z.coerce.number().int().min(1).max(30).default(6),
  page: z.coerce.number().int().min(1).max(1000).default(1),
})

const cursorParam = z.string().max(400).optional()
const blogContentQuery = z.object({
  limit: z.coerce.number().int().min(1).max(BLOG_CONTENT_LIMIT.max).optional(),
  cursor: cursorParam,
  // the page's market (its key; absent: the default market): the home grid's next page is that market's
  market: z.string().max(20).optional(),
})
const adminListQuery = z.object({
  type: postTypeSchema,
  title: z.string().max(300).optional(),
  // issue 23: one market's posts, or `shared` for those written for every market
  market: z.string().regex(/^([a-z]{2}(-[a-z0-9]{2,3})?|shared)$/, 'must be a market key, or shared').optional(),
  limit: z.coerce.number().int().min(1).max(BLOG_CONTENT_LIMIT.max).default(20),
  cursor: cursorParam,
})

const generateBody = z.object({
  title: z.string().trim().min(1, 'Enter a title first').max(300),
  imageUrl: z.string().max(2048).optional().nullable(),
  position: z.union([z.number(), z.string()]).optional().nullable(),
  sections: z.coerce
    .number()
    .refine((n) => (AI_SECTION_CHOICES as readonly number[]).includes(n), 'sections must be 3, 5 or 7')
    .default(5),
})

// the text as typed: a comparison directive that cannot be read is said in `problems`, not refused (saving refuses it)
// `country`: preview the tables for that country instead of the editor's own (null: a visitor whose country is unknown)
const previewTextBody = z.strictObject({ content: z.string().max(20_000), hyperlinks: bodySectionSchema.shape.hyperlinks, country: countryCodeSchema.nullable().optional() })

const createPaths: [string, PostType][] = [
  ['/hero', 'hero'],
  ['/featured', 'featured'],
  ['/article', 'article'],
  ['/article-bottom', 'articleBottom'],
]
const generatePaths: [string, ReadablePostType][] = [
  ['/generate-featured', 'featured'],
  ['/generate-article', 'article'],
  ['/generate-article-bottom', 'articleBottom'],
]

export function postsRouter() {
  const app = createRouter()
  const editors = rule({ access: 'editor' })

  // GET /api/posts/blog-content?limit&cursor – hero, featured and a page of articles with the next page's
  // cursor; an editor's live token adds drafts and articleBottoms (any other token is ignored: richerFor)
  // `market`: the page's market (issue 34: "Show more" on /ca-on or /de loaded the default market's articles)
  app.get('/blog-content', rule({ access: 'public', cache: 'public', query: ['limit', 'cursor', 'market'], richerFor: 'editor' }), validate('query', blogContentQuery), async (c) => {
    const { market, ...q } = c.req.valid('query')
    return c.json(await c.var.services.content.getBlogContent({ ...q, market: c.var.services.markets.byPrefix(marketParam(market)), admin: c.var.user !== undefined }))
  })

  // GET /api/posts/list?type&title&limit&cursor – the admin's list of one post type, filtered by title
  app.get('/list', editors, validate('query', adminListQuery), async (c) => c.json(await c.var.services.content.adminList(c.req.valid('query'))))

  // GET /api/posts/article-bottom – the Recommended block's articles
  app.get('/article-bottom', rule({ access: 'public', cache: 'public' }), async (c) => c.json(await c.var.services.content.getBottomArticles()))

  // GET /api/posts/related/:id – other articles of the same tag, as cards
  app.get('/related/:id', rule({ access: 'public', cache: 'public' }), async (c) => {
    const { content } = c.var.services
    const article = await content.findArticle(c.req.param('id'))
    if (!article) throw notFound('Article not found')
    return c.json({ articles: (await content.related(article)).map(toCard) })
  })

  // GET /api/posts/fluximg – image search for the admin (Unsplash, or the media library)
  app.get('/fluximg', editors, validate('query', fluximgQuery), async (c) => {
    const { query, per_page, page } = c.req.valid('query')
    return c.json(await c.var.services.imageSearch.search(query || 'game', per_page, page))
  })

  // GET /api/posts/tags – every tag posts hold, for the editor's tag suggestions (issue 25)
  app.get('/tags', editors, async (c) => c.json({ tags: await c.var.services.posts.allTags() }))

  // GET /api/posts/writing-tools – what the editor can offer: is AI writing configured?
  app.get('/writing-tools', editors, (c) => c.json({ ai: c.var.services.ai.configured }))

  // POST /api/posts/preview-text – a section's text as the page will render it, and the hyperlinks whose text it lacks; saves nothing.
  // Its comparison tables are resolved for the editor's own country, or the `country` asked for (`country` answers
  // which), as a visitor there sees them; `reach` says where each chosen brand is hidden; a directive that cannot be
  // read and a link that will not be linked are named with their line (`problems`): server/content/preview-text.ts
  app.post('/preview-text', rule({ access: 'editor', bodyLimit: 256 * 1024 }), validate('json', previewTextBody), async (c) => {
    const { content, hyperlinks, country } = c.req.valid('json')
    const { brands, markets } = c.var.services
    const deps = { siteUrl: c.var.config.siteUrl, country: country === undefined ? c.var.country : country }
    return c.json(await previewText({ content, hyperlinks }, { ...deps, comparisons: (specs, at) => brands.comparisons(specs, at), reach: (ids) => brands.reach(ids, markets.list()) }))
  })

  // GET /api/posts/trash – { posts, total, days }: the Trash, newest first (entries past 30 days are purged first)
  app.get('/trash', editors, async (c) => c.json(await c.var.services.postTrash.list()))

  // GET /api/posts/:id – one post of any status, for the editor (the admin's address of a post, issue 25)
  app.get('/:id', editors, async (c) => c.json(await c.var.services.posts.get(c.req.param('id'))))

  // GET /api/posts/:id/translations – { translations: [{ postId, market, language, path, current }] } (issue 23:
  // the post editor's "translations: en-GB, de-DE"); published members only, [] for none
  app.get('/:id/translations', editors, async (c) => c.json({ translations: await c.var.services.content.translations(await c.var.services.posts.get(c.req.param('id'))) }))

  // POST /api/posts/{hero,featured,article,article-bottom} – create a post of that type
  for (const [path, type] of createPaths) {
    app.post(path, postWrite, validate('json', postBodySchema), async (c) => c.json(await c.var.services.posts.create(type, c.req.valid('json')), 201))
  }

  // POST /api/posts/generate-{featured,article,article-bottom} – AI-written summary and body, not saved
  for (const [path, kind] of generatePaths) {
    app.post(path, editors, validate('json', generateBody), async (c) => {
      const { title, sections, imageUrl, position } = c.req.valid('json')
      const content = await c.var.services.ai.generate({ title, kind, sections, imageUrl: imageUrl ?? undefined, position: position == null ? undefined : Number(position) })
      return c.json({ success: true, content })
    })
  }

  // PUT /api/posts/:id – replace a post's fields; with If-Match (the updatedAt it was based on), a newer save is a 409 edit_conflict
  app.put('/:id', postWrite, validate('json', postBodySchema), async (c) =>
    c.json(await c.var.services.posts.update(c.req.param('id'), c.req.valid('json'), { baseVersion: baseVersionOf(c) })),
  )

  // PUT /api/posts/:id/autosave – the editor's form saving itself (If-Match required): a draft takes the fields,
  // a live or scheduled post keeps them as an autosave revision; never a status change. { post, applied, at, image }
  app.put('/:id/autosave', postWrite, validate('json', postBodySchema), async (c) =>
    c.json(await c.var.services.posts.autosave(c.req.param('id'), c.req.valid('json'), { baseVersion: baseVersionOf(c) })),
  )

  // GET /api/posts/:id/autosave – the autosave waiting on a live or scheduled post: { autosave: revision with its record | null }
  app.get('/:id/autosave', editors, async (c) => c.json({ autosave: await c.var.services.posts.pendingAutosave(c.req.param('id')) }))

  // GET /api/posts/:id/revisions… – the post's revisions, a diff between two, restore one (issue 13)
  revisionRoutes(app, 'post', (services, id, revisionId) => services.posts.restoreRevision(id, revisionId))

  // DELETE /api/posts/:id – delete a post: it moves to the Trash (issue 32), off every public page at once, restorable for 30 days
  app.delete('/:id', editors, async (c) => c.json({ ok: true, trashed: await c.var.services.postTrash.trash(c.req.param('id')) }))

  // POST /api/posts/trash/:id/restore – a trashed post back as it was (409 when another post took its address)
  app.post('/trash/:id/restore', editors, async (c) => c.json(await c.var.services.postTrash.restore(c.req.param('id'))))

  // DELETE /api/posts/trash/:id – erase a trashed post now, with its revisions
  app.delete('/trash/:id', editors, async (c) => {
    await c.var.services.postTrash.deleteForever(c.req.param('id'))
    return c.json({ ok: true })
  })

  return app
}
