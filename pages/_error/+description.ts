import type { PageContext } from 'vike/types'
import { errorMessage } from './error-message.ts'

export default (pageContext: PageContext) => `${errorMessage(pageContext)} GameWise has gaming and iGaming guides, reviews and offers on its home page.`
