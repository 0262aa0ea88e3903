import { type ChangeEvent, useState } from 'react'
import { ACCEPTED_IMAGE_TYPES, formatBytes, MAX_IMAGE_BYTES, pickedImageProblem } from '../../lib/media-limits.ts'
import { adminApi, type ImageResult } from './api.ts'

/** Photos a browser can redraw smaller (GIF would lose its frames, AVIF is not drawn by every browser). */
const DOWNSCALABLE = new Set(['image/jpeg', 'image/png', 'image/webp'])
const MAX_SIDE = 2560

/**
 * A large photo redrawn to at most 2560 px on its longer side as a JPEG, smaller until it fits the
 * limit: what a page shows of it is at most 1200 px wide anyway (lib/images.ts).
 */
export async function downscale(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file)
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(bitmap.width * scale)
  canvas.height = Math.round(bitmap.height * scale)
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  for (const quality of [0.85, 0.75, 0.6]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))
    if (blob && blob.size <= MAX_IMAGE_BYTES) return blob
  }
  throw new Error('still too large')
}

const readAsDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(blob)
  })

export const INLINE_PER_PAGE = 6 // spec §9
export const MODAL_PER_PAGE = 12 // spec §9

/**
 * Results plus paging for one search (issue 32): Load More shows only while the search has pages left
 * (its `total_pages`), and a search or a page that brings nothing says so rather than nothing.
 */
function useImageSearch(perPage: number) {
  const [results, setResults] = useState<ImageResult[]>([])
  const [page, setPage] = useState(0)
  const [pages, setPages] = useState(0)
  const [note, setNote] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function load(query: string, next: number) {
    setBusy(true)
    setError(null)
    try {
      const found = await adminApi.searchImages(query, perPage, next)
      setResults((prev) => (next === 1 ? found.results : [...prev, ...found.results]))
      setPage(next)
      // a page that came back empty ends the search, whatever the count said
      setPages(found.results.length ? found.total_pages : next)
      setNote(
        next === 1 && !found.results.length
          ? `No images found for “${query}”. Try other words.`
          : found.fallback
            ? `No image matches “${query}”: these are all the library’s images.`
            : next > 1 && !found.results.length
              ? `No more images for “${query}”.`
              : null,
      )
    } catch {
      setError(next === 1 ? 'Failed to fetch images' : 'Failed to fetch more images')
    } finally {
      setBusy(false)
    }
  }
  return { results, page, more: page > 0 && page < pages, note, error, busy, load }
}

function Results({ search, query, onPick }: { search: ReturnType<typeof useImageSearch>; query: string; onPick: (url: string) => void }) {
  return (
    <>
      {search.error && <p className="form-error">{search.error}</p>}
      {search.note && (
        <p className="muted small" role="status">
          {search.note}
        </p>
      )}
      <div className="image-grid">
        {search.results.map((img) => (
          <button key={img.id} type="button" className="image-choice" onClick={() => onPick(img.urls.regular)} title={img.alt_description}>
            <img src={img.urls.small} alt={img.alt_description} loading="lazy" />
          </button>
        ))}
      </div>
      {search.more && (
        <button type="button" className="btn" disabled={search.busy} onClick={() => void search.load(query, search.page + 1)}>
          Load More
        </button>
      )}
    </>
  )
}

/** An image as a URL, an uploaded file (read as a data string), raw base64, or a pick from image search (spec §2). */
export function ImagePicker({ value, title, onChange }: { value: string; title: string; onChange: (image: string) => void }) {
  const inline = useImageSearch(INLINE_PER_PAGE)
  const modal = useImageSearch(MODAL_PER_PAGE)
  const [panelOpen, setPanelOpen] = useState(false)
  const [modalOpen, setModalOpen] = useState(false)
  const [fileError, setFileError] = useState<string | null>(null)
  const [query, setQuery] = useState('')
  const isUrl = /^(https?:\/\/|\/)/.test(value)
  const preview = isUrl || value.startsWith('data:image/') ? value : ''

  const [typed, setTyped] = useState('')
  function search(words: string) {
    const q = words.trim() || title.trim() || 'game' // spec §2: the query is the title, or 'game'
    setQuery(q)
    setTyped(q)
    setPanelOpen(true)
    void inline.load(q, 1)
  }
  const openPanel = () => search('')

  function pick(url: string) {
    onChange(url)
    setPanelOpen(false)
    setModalOpen(false)
  }

  // a file too large to send, kept until the editor chooses to downscale it
  const [tooLarge, setTooLarge] = useState<File | null>(null)
  const [shrinking, setShrinking] = useState(false)

  /** Checked when picked (issue 25): type and size against the server's own limit, before anything is sent. */
  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    setTooLarge(null)
    if (!file) return
    const problem = pickedImageProblem(file)
    if (problem) {
      setFileError(problem.message)
      if (problem.kind === 'size' && DOWNSCALABLE.has(file.type)) setTooLarge(file)
      return
    }
    setFileError(null)
    onChange(await readAsDataUrl(file))
  }

  async function shrink() {
    if (!tooLarge) return
    setShrinking(true)
    try {
      const smaller = await downscale(tooLarge)
      onChange(await readAsDataUrl(smaller))
      setFileError(null)
      setTooLarge(null)
    } catch {
      setFileError(`“${tooLarge.name}” could not be made smaller than ${formatBytes(MAX_IMAGE_BYTES)} here: resize it in an image editor, then upload it again.`)
      setTooLarge(null)
    } finally {
      setShrinking(false)
    }
  }

  return (
    <fieldset className="image-picker">
      <legend>Image</legend>
      <label>
        Image URL
        {/* not type="url": our own images are site paths (/media/…), which the browser's URL check refuses */}
        <input
          inputMode="url"
          pattern="(https?://|/)\S*"
          title="An http(s) URL, or a path on this site such as /media/…"
          value={isUrl ? value : ''}
          placeholder="https://…"
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      <label>
        Upload image
        <input type="file" accept={ACCEPTED_IMAGE_TYPES.join(',')} aria-describedby="upload-image-limit" onChange={(e) => void onFile(e)} />
      </label>
      <span className="field-hint" id="upload-image-limit">
        PNG, JPEG, WebP, GIF or AVIF, at most {formatBytes(MAX_IMAGE_BYTES)}.
      </span>
      {fileError && (
        <div className="form-error" role="alert">
          {fileError}
          {tooLarge && (
            <>
              {' '}
              <button type="button" className="btn btn-small" disabled={shrinking} aria-busy={shrinking} onClick={() => void shrink()}>
                {shrinking ? 'Making it smaller…' : 'Make it smaller to fit'}
              </button>
            </>
          )}
        </div>
      )}
      <details className="paste-data">
        <summary>Paste image data instead</summary>
        <label>
          Image data (base64)
          <textarea rows={2} value={!isUrl && !value.startsWith('data:') ? value : ''} onChange={(e) => onChange(e.target.value.trim())} />
        </label>
      </details>
      {preview && <img className="image-preview" src={preview} alt="Selected" />}
      {value && (
        <button type="button" className="btn" onClick={() => onChange('')}>
          Remove image
        </button>
      )}
      <div className="actions">
        <button type="button" className="btn" onClick={openPanel}>
          Search Images
        </button>
      </div>
      {panelOpen && (
        <div className="image-panel" data-testid="image-panel">
          <div className="image-query" role="search">
            <label>
              Search images
              <input
                type="search"
                name="imageQuery"
                value={typed}
                placeholder="e.g. poker table"
                onChange={(e) => setTyped(e.target.value)}
                onKeyDown={(e) => {
                  // Enter searches, and never submits the post's form
                  if (e.key !== 'Enter') return
                  e.preventDefault()
                  search(typed)
                }}
              />
            </label>
            <button type="button" className="btn" disabled={inline.busy} onClick={() => search(typed)}>
              Search
            </button>
          </div>
          <div className="image-panel-head">
            <strong>Results for “{query}”</strong>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setModalOpen(true)
                void modal.load(query, 1)
              }}
            >
              View All
            </button>
            <button type="button" className="btn" onClick={() => setPanelOpen(false)}>
              Close
            </button>
          </div>
          <Results search={inline} query={query} onPick={pick} />
        </div>
      )}
      {modalOpen && (
        <div className="modal-backdrop" onClick={() => setModalOpen(false)}>
          <div className="modal modal-wide" role="dialog" aria-modal="true" aria-label="All images" onClick={(e) => e.stopPropagation()}>
            <div className="image-panel-head">
              <h3>Images for “{query}”</h3>
              <button type="button" className="btn" onClick={() => setModalOpen(false)}>
                Close
              </button>
            </div>
            <Results search={modal} query={query} onPick={pick} />
          </div>
        </div>
      )}
    </fieldset>
  )
}
