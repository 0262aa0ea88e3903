import { createRouter, rule } from '../router.ts'

export function metricsRouter() {
  const app = createRouter()

  // GET /metrics – Prometheus text exposition for a scraper holding METRICS_TOKEN; 404 while no token is set
  app.get('/', rule({ access: 'public', cache: 'no-store' }), async (c) => {
    const { metrics } = c.var.services
    const access = metrics.access(c.req.header('authorization'))
    if (access === 'disabled') return c.json({ message: 'Not found', code: 'not_found' }, 404)
    if (access === 'missing') return c.json({ message: 'Send Authorization: Bearer <METRICS_TOKEN>', code: 'unauthorized' }, 401, { 'WWW-Authenticate': 'Bearer' })
    if (access === 'wrong') return c.json({ message: 'Wrong metrics token', code: 'forbidden' }, 403)
    return c.body(await metrics.exposition(), 200, { 'Content-Type': metrics.contentType })
  })

  return app
}
