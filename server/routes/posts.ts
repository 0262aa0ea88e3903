import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'

export function postsRouter() {
  const app = new Hono<AppEnv>()

  // GET /api/posts/blog-content – hero, featured and articles for the home page
  app.get('/blog-content', async (c) => c.json(await c.var.services.content.getBlogContent()))

  // GET /api/posts/article-bottom – the Recommended block's articles
  app.get('/article-bottom', async (c) => c.json(await c.var.services.content.getBottomArticles()))

  return app
}
