import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SOCIAL_IMAGE, SITE_LOGO_PNG, demoSocialImagePath, socialImagePath } from '../../lib/social-image.ts'
import { demoBrands } from '../demo/brands.ts'
import { demoPosts } from '../demo/posts.ts'
import { imageInfo, rasterise } from './rasterise.ts'

const PUBLIC = join(import.meta.dirname, '../../public')
const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="45"><rect width="80" height="45" fill="#7c3aed"/></svg>'

// demo/authors/ holds the sources of the seed's raster photo uploads: a profile's photo is never a /demo/ path
// (lib/author-schemas.ts), so no page shares those SVGs and they need no social rendition
const NOT_SHARED = new Set(['social', 'authors'])

function svgFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (NOT_SHARED.has(e.name) ? [] : svgFiles(join(dir, e.name))) : e.name.endsWith('.svg') ? [join(dir, e.name)] : [],
  )
}

describe('rasterise (sharp)', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('draws an SVG as a 1200×630 %s', async (format) => {
    const out = await rasterise(svg, { width: 1200, height: 630, format })
    expect(await imageInfo(out)).toEqual({ format, width: 1200, height: 630 })
  })
  it('converts raster bytes too', async () => {
    const png = await rasterise(svg, { width: 100, height: 100, format: 'png' })
    expect(await imageInfo(await rasterise(png, { width: 40, height: 21 }))).toEqual({ format: 'jpeg', width: 40, height: 21 })
  })
})

// the committed output of scripts/make-demo-images.ts
describe('social images in public/', () => {
  it('every demo SVG has its 1200×630 JPEG rendition', async () => {
    const files = svgFiles(join(PUBLIC, 'demo'))
    expect(files.length).toBeGreaterThan(30)
    for (const file of files) {
      const social = demoSocialImagePath(file.slice(PUBLIC.length))!
      expect(existsSync(join(PUBLIC, social)), `${social} for ${file}`).toBe(true)
      expect(await imageInfo(readFileSync(join(PUBLIC, social)))).toEqual({ format: 'jpeg', width: 1200, height: 630 })
    }
  })
  it('the default card is a 1200×630 JPEG and the logo a square PNG', async () => {
    expect(await imageInfo(readFileSync(join(PUBLIC, DEFAULT_SOCIAL_IMAGE)))).toEqual({ format: 'jpeg', width: 1200, height: 630 })
    expect(await imageInfo(readFileSync(join(PUBLIC, SITE_LOGO_PNG)))).toEqual({ format: 'png', width: 512, height: 512 })
  })
  it("every demo post and brand shares a file that exists, not the site's default", () => {
    const images = [...demoPosts.map((p) => p.image), ...demoBrands.map((b) => b.bannerImage || b.logo)]
    for (const image of images) {
      const social = socialImagePath(image)
      expect(social).not.toBe(DEFAULT_SOCIAL_IMAGE)
      expect(existsSync(join(PUBLIC, social)), social).toBe(true)
    }
  })
})
