import { describe, expect, it } from 'vitest'
import { readMultipartForm } from './multipart.ts'

const request = (body: string, contentType = 'multipart/form-data; boundary=XB') =>
  new Request('http://localhost/', { method: 'POST', headers: { 'content-type': contentType }, body })
const part = (disposition: string, value: string, type?: string) =>
  `--XB\r\nContent-Disposition: form-data; ${disposition}\r\n${type === undefined ? '' : `Content-Type: ${type}\r\n`}\r\n${value}\r\n`
const END = '--XB--\r\n'

describe('readMultipartForm', () => {
  it("measures Bun's own parser: File.type comes from the file name, never from the part's Content-Type", async () => {
    const form = await request(part('name="a"; filename="a.png"', 'x', 'image/gif') + part('name="b"; filename="b"', 'x', 'image/png') + END).formData()
    expect((form.get('a') as File).type).toBe('image/png')
    expect((form.get('b') as File).type).toBe('')
  })

  it("gives each file the type its part declared, and '' where it declared none", async () => {
    const form = await readMultipartForm(
      request(
        part('name="brandName"', 'Nova') +
          part('name="logo"; filename="logo.png"', 'gif-bytes', 'image/gif') +
          part('name="bannerImage"; filename="banner.svg"', 'png-bytes') +
          part('name="extra"; filename="x"', 'bytes', 'IMAGE/PNG; q=1') +
          END,
      ),
    )
    expect(form.get('brandName')).toBe('Nova')
    const logo = form.get('logo') as File
    expect([logo.name, logo.type, await logo.text()]).toEqual(['logo.png', 'image/gif', 'gif-bytes'])
    expect((form.get('bannerImage') as File).type).toBe('')
    expect((form.get('extra') as File).type).toBe('image/png; q=1')
  })

  it('reads a quoted boundary, keeps repeated fields in order, and an empty file input as an empty file', async () => {
    const body = part('name="tag"', 'a') + part('name="tag"', 'b') + part('name="logo"; filename=""', '', 'application/octet-stream') + END
    const form = await readMultipartForm(request(body, 'multipart/form-data; boundary="XB"'))
    expect(form.getAll('tag')).toEqual(['a', 'b'])
    expect((form.get('logo') as File).size).toBe(0)
  })

  it("reads a part with only filename*= as text, as Bun's parser does", async () => {
    const form = await readMultipartForm(request(part(`name="logo"; filename*=UTF-8''l%C3%B6go.png`, 'abc', 'image/png') + part('name="f"; filename="f.png"', 'x', 'image/webp') + END))
    expect(form.get('logo')).toBe('abc')
    expect((form.get('f') as File).type).toBe('image/webp')
  })

  it('throws for a body without its boundary', async () => {
    await expect(readMultipartForm(request('garbage', 'multipart/form-data'))).rejects.toThrow()
  })
})
