/** A local server speaking Unsplash's GET /search/photos, for tests of the image search. */
export function startFakeUnsplash(accessKey = 'fake-key') {
  const requests: URL[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req) {
      const url = new URL(req.url)
      requests.push(url)
      if (req.headers.get('authorization') !== `Client-ID ${accessKey}`) return Response.json({ errors: ['OAuth error: The access token is invalid'] }, { status: 401 })
      if (url.pathname !== '/search/photos') return Response.json({ errors: ['Not found'] }, { status: 404 })
      const perPage = Number(url.searchParams.get('per_page') ?? 10)
      const page = Number(url.searchParams.get('page') ?? 1)
      const total = 30
      const start = (page - 1) * perPage
      const results = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => {
        const n = start + i
        return {
          id: `photo-${n}`,
          alt_description: `${url.searchParams.get('query')} photo ${n}`,
          urls: { raw: `https://images.example/${n}?raw`, full: `https://images.example/${n}?full`, regular: `https://images.example/${n}?w=1080`, small: `https://images.example/${n}?w=400`, thumb: `https://images.example/${n}?w=200` },
        }
      })
      return Response.json({ total, total_pages: Math.ceil(total / perPage), results })
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, accessKey, requests, stop: () => server.stop(true) }
}
