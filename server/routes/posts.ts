import * as z from 'zod'
import { bodySectionSchema, type PostType, postBodySchema, postTypeSchema, type ReadablePostType } from '../../lib/schemas.ts'
import { renderSectionText } from '../content/article-body.ts'
import { type CompareSpec, directivesIn } from '../../lib/comparison.ts'
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
const previewTextBody = z.strictObject({ content: z.string().max(20_000), hyperlinks: bodySectionSchema.shape.hyperlinks })

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
  // Its comparison tables are resolved for the editor's own country (`country`), as a visitor there sees them,
  // and a directive that cannot be read is named with its line (`problems`), as saving would refuse it
  app.post('/preview-text', rule({ access: 'editor', bodyLimit: 256 * 1024 }), validate('json', previewTextBody), async (c) => {
    const { content, hyperlinks } = c.req.valid('json')
    const specs: CompareSpec[] = []
    const rendered = renderSectionText(content, hyperlinks, c.var.config.siteUrl, specs)
    const problems = directivesIn(content).flatMap(({ line, result }) => ('error' in result ? [`Comparison table on line ${line}: ${result.error}`] : []))
    const comparisons = await c.var.services.brands.comparisons(specs, c.var.country)
    return c.json({ ...rendered, comparisons, problems, country: c.var.country })
  })

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

  // GET /api/posts/:id/revisions… – the post's revisions, a diff between two, restore one (issue 13)
  revisionRoutes(app, 'post', (services, id, revisionId) => services.posts.restoreRevision(id, revisionId))

  // DELETE /api/posts/:id – delete a post
  app.delete('/:id', editors, async (c) => {
    await c.var.services.posts.remove(c.req.param('id'))
    return c.json({ ok: true })
  })

  return app
}
