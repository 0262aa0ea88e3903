import { createRouter, rule } from '../router.ts'

export function healthRouter(store: 'sqlite' | 'mongodb') {
  const app = createRouter()

  // GET /api/health – liveness: the process answers (touches nothing else)
  app.get('/', rule({ access: 'public', cache: 'no-store' }), (c) => c.json({ ok: true, store }))

  // GET /api/health/ready – readiness: the store answers a read; 503 while it does not
  app.get('/ready', rule({ access: 'public', cache: 'no-store' }), async (c) => {
    try {
      await c.var.services.health.checkStore()
      return c.json({ ok: true, store })
    } catch (err) {
      c.var.log.warn({ err }, 'readiness: the store is not answering')
      return c.json({ ok: false, store, message: 'The store is not answering', code: 'unavailable' }, 503)
    }
  })

  return app
}
