import type { PageContext } from 'vike/types'
import type { Data } from './+data.ts'

export default ({ data }: PageContext<Data>) => data.description
