import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  title: 'GameWise – gaming and iGaming news, guides and offers',
  description: 'Independent gaming and iGaming guides, honest reviews and curated brand offers.',
  lang: 'en',
} satisfies Config
