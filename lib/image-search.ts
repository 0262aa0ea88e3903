/** One image search result (Unsplash's shape, which GET /api/posts/fluximg passes on, spec §9). */
export type ImageResult = { id: string; urls: { small: string; regular: string }; alt_description: string }
