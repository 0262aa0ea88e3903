import { describe, expect, it } from 'vitest'
import { DEFAULT_SOCIAL_IMAGE, absoluteUrl, demoSocialImagePath, socialImagePath } from './social-image.ts'

describe('socialImagePath: og:image is never an SVG', () => {
  it.each([
    ['/demo/rtp.svg', '/demo/social/rtp.jpg'],
    ['/demo/brands/nova-spins-banner.svg', '/demo/social/brands/nova-spins-banner.jpg'],
    ['/placeholder-banner.svg', DEFAULT_SOCIAL_IMAGE],
    ['https://cdn.example/cover.SVG?v=2', DEFAULT_SOCIAL_IMAGE],
    ['data:image/svg+xml;base64,PHN2Zy8+', DEFAULT_SOCIAL_IMAGE],
    ['', DEFAULT_SOCIAL_IMAGE],
    [null, DEFAULT_SOCIAL_IMAGE],
    [undefined, DEFAULT_SOCIAL_IMAGE],
    ['/media/abc123', '/media/abc123'], // uploads are raster: the media store refuses SVG
    ['https://images.example/photo.jpg', 'https://images.example/photo.jpg'],
    ['https://images.unsplash.com/photo-1?fm=jpg&w=1080', 'https://images.unsplash.com/photo-1?fm=jpg&w=1080'],
  ])('%s → %s', (image, expected) => expect(socialImagePath(image)).toBe(expected))

  it('maps only SVGs under /demo/', () => {
    expect(demoSocialImagePath('/demo/x.svg')).toBe('/demo/social/x.jpg')
    expect(demoSocialImagePath('/media/x.svg')).toBeNull()
    expect(demoSocialImagePath('/demo/social/x.svg')).toBeNull()
  })

  it('makes site paths absolute and leaves http(s) URLs alone', () => {
    expect(absoluteUrl('/demo/social/rtp.jpg', 'https://gamewise.example')).toBe('https://gamewise.example/demo/social/rtp.jpg')
    expect(absoluteUrl('https://cdn.example/a.png', 'https://gamewise.example')).toBe('https://cdn.example/a.png')
  })
})
