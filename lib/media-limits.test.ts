import { describe, expect, it } from 'vitest'
import { MAX_IMAGE_BYTES, pickedImageProblem } from './media-limits.ts'

describe('a picked image is checked before it is sent (issue 25)', () => {
  it('refuses SVG and non-images by type, naming what is accepted', () => {
    expect(pickedImageProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toMatchObject({ kind: 'type', message: expect.stringMatching(/SVG images are not accepted/) })
    expect(pickedImageProblem({ name: 'notes.pdf', type: 'application/pdf', size: 10 })?.message).toBe('“notes.pdf” is not an image the site takes: use PNG, JPEG, WebP, GIF or AVIF.')
  })
  it('refuses a file past the one limit, naming its size and the limit', () => {
    expect(pickedImageProblem({ name: 'huge.png', type: 'image/png', size: 47.2 * 1024 * 1024 })).toEqual({ kind: 'size', message: '“huge.png” is 47.2 MB; images can be at most 5 MB.' })
    expect(pickedImageProblem({ name: 'ok.jpg', type: 'image/jpeg', size: MAX_IMAGE_BYTES })).toBeNull()
  })
})
