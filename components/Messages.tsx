/** A line saying what failed, announced at once (role="alert"); nothing when there is no message. */
export function ErrorLine({ text, className = 'form-error' }: { text: string | null | undefined | false; className?: string }) {
  return text ? (
    <p className={className} role="alert">
      {text}
    </p>
  ) : null
}

/** A line saying what happened, announced politely (role="status"); nothing when there is no message. */
export function StatusLine({ text, className = 'notice' }: { text: string | null | undefined | false; className?: string }) {
  return text ? (
    <p className={className} role="status">
      {text}
    </p>
  ) : null
}
