import type { Store } from '../db/port.ts'
import type { Repositories } from '../db/repositories/index.ts'
import type { Config } from './config.ts'
import type { Logger } from './logger.ts'
import type { AuditService } from './operations/audit.ts'

/**
 * What every capability is wired from (server/context.ts): the store and its repositories, the
 * configuration, the log, the clock and id maker, the audit log every write appends to, `onChange` (a
 * content write: clears every process's render cache) and `generation` (the render cache's generation,
 * which moves with every content write: in-memory copies of content follow it).
 */
export type Wiring = {
  store: Store
  repos: Repositories
  config: Config
  log: Logger
  now: () => Date
  newId: () => string
  audit: AuditService
  onChange: () => void
  generation: () => number
}
