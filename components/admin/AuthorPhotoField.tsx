import { type ChangeEvent, useId, useState } from 'react'
import { initialsOf } from '../../lib/authors.ts'
import { ACCEPTED_IMAGE_TYPES, formatBytes, MAX_IMAGE_BYTES, pickedImageProblem } from '../../lib/media-limits.ts'

const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })

/** The photo: a URL (an http(s) image or one from the media library), or an uploaded file, with a preview. */
export function AuthorPhotoField({ value, name, onChange, issue }: { value: string; name: string; onChange: (v: string) => void; issue: string | null }) {
  const id = useId()
  const [fileError, setFileError] = useState<string | null>(null)
  const isUpload = value.startsWith('data:')
  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    const problem = pickedImageProblem(file)
    setFileError(problem?.message ?? null)
    if (!problem) onChange(await readAsDataUrl(file))
  }
  return (
    <fieldset className="author-photo-field">
      <legend>Photo</legend>
      <div className="author-photo-row">
        {value ? (
          <img className="author-photo-preview" src={value} alt={`Photo of ${name || 'the author'}`} width={72} height={72} />
        ) : (
          <span className="author-photo-preview author-initials" aria-hidden="true">
            {initialsOf(name) || '?'}
          </span>
        )}
        <div className="author-photo-inputs">
          <label>
            Photo URL
            {/* not type="url": the media library's images are site paths (/media/…) */}
            <input name="photo" inputMode="url" value={isUpload ? '' : value} placeholder={isUpload ? 'An uploaded file (saved with the profile)' : 'https://… or /media/…'} onChange={(e) => onChange(e.target.value)} />
          </label>
          <label>
            Upload a photo
            <input type="file" accept={ACCEPTED_IMAGE_TYPES.join(',')} aria-describedby={`${id}-limit`} onChange={(e) => void onFile(e)} />
          </label>
          <span className="field-hint" id={`${id}-limit`}>
            PNG, JPEG, WebP, GIF or AVIF, at most {formatBytes(MAX_IMAGE_BYTES)}; shown round. Without one, the initials stand in.
          </span>
        </div>
      </div>
      {(fileError || issue) && (
        <span className="field-issue" role={fileError ? 'alert' : undefined}>
          {fileError ?? issue}
        </span>
      )}
      {value && (
        <button type="button" className="btn" onClick={() => onChange('')}>
          Remove photo
        </button>
      )}
    </fieldset>
  )
}
