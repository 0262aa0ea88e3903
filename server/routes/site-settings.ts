import { disclosureBodySchema } from '../../lib/schemas.ts'
import { createRouter, rule } from '../router.ts'
import { validate } from '../validate.ts'
import { baseVersionOf } from '../editorial/edit-versions.ts'

export function siteSettingsRouter() {
  const app = createRouter()

  // GET /api/site-settings/disclosure – the affiliate disclosure line pages show near offers
  app.get('/disclosure', rule({ access: 'public', cache: 'public' }), async (c) => c.json(await c.var.services.siteSettings.disclosure()))

  // PUT /api/site-settings/disclosure – editors change it (plain text, one line, at most 300 characters)
  app.put('/disclosure', rule({ access: 'editor', bodyLimit: 4 * 1024 }), validate('json', disclosureBodySchema), async (c) =>
    c.json(await c.var.services.siteSettings.setDisclosure(c.req.valid('json').text, { baseVersion: baseVersionOf(c) })),
  )

  return app
}
