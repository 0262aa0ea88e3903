import { useEffect, useState } from 'react'
import { type ImageDraft, previewOf } from './draft.ts'

/** One image slot of the brand form (logo, banner): a file, a CDN link, a preview and a remove button. */
export function ImageField({ label, value, onChange }: { label: string; value: ImageDraft; onChange: (v: ImageDraft) => void }) {
  const [objectUrl, setObjectUrl] = useState<string>()
  useEffect(() => {
    if (!value.file) return setObjectUrl(undefined)
    const url = URL.createObjectURL(value.file)
    setObjectUrl(url)
    return () => URL.revokeObjectURL(url)
  }, [value.file])
  const preview = previewOf(value, objectUrl)
  return (
    <fieldset className="image-field">
      <legend>{label}</legend>
      <label>
        {label} file
        <input
          type="file"
          accept="image/*"
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null
            if (file && !file.type.startsWith('image/')) return
            onChange({ ...value, file })
          }}
        />
      </label>
      <label>
        {label} CDN link
        {/* URL-typed for outside links; our own demo paths (/demo/…) are allowed too, so not type=url */}
        <input inputMode="url" pattern="(https?://|/)\S*" title="An http(s) URL or a path on this site" value={value.link} onChange={(e) => onChange({ ...value, link: e.target.value })} />
      </label>
      {preview && <img className="image-preview" src={preview} alt={`${label} preview`} />}
      {preview && (
        <button type="button" className="btn" onClick={() => onChange({ ...value, file: null, link: '', removed: true })}>
          Remove {label.toLowerCase()}
        </button>
      )}
    </fieldset>
  )
}
