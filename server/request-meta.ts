import type { Context } from 'hono'
import { type DeviceClass, deviceClass } from '../lib/attribution.ts'
import type { VisitorCountry } from '../lib/geo.ts'
import { clientIp } from './client-ip.ts'

/**
 * Who made a tracking request, as every tracking route reads it (issue 21): the client's address (for
 * the unique-visitor hash only, never stored), the user agent (bots; device class), the method (HEAD is
 * a bot), the visitor's country (c.var.country) and the device class. One function, so /go,
 * POST /api/clicks and the view beacon can never disagree about a visitor.
 */
export type RequestMeta = { ip: string; userAgent: string; method: string; country: VisitorCountry; device: DeviceClass }

export function requestMeta(c: Context): RequestMeta {
  const userAgent = c.req.header('user-agent') ?? ''
  return { ip: clientIp(c), userAgent, method: c.req.method, country: (c.get('country') as VisitorCountry | undefined) ?? null, device: deviceClass(userAgent) }
}
