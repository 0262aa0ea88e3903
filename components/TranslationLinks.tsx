import { useT } from './use-t.ts'
/** What the reader sees of an article's translations: a link to each, named in its own language. */
export type TranslationLink = { language: string; path: string; current: boolean }

/** A language's name in that language ("de-DE" → "Deutsch (Deutschland)"), from Intl; the tag itself if Intl cannot name it. */
export function languageName(tag: string): string {
  let name = languageNames.get(tag)
  if (name === undefined) {
    if (languageNames.size >= 100) languageNames.clear()
    languageNames.set(tag, (name = nameOf(tag)))
  }
  return name
}
const languageNames = new Map<string, string>()

function nameOf(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag)
    return name ? name.charAt(0).toLocaleUpperCase(tag) + name.slice(1) : tag
  } catch {
    return tag
  }
}

/** Issue 23: "Also in: Deutsch (Deutschland)" above a translated article; nothing when it has no translation. */
export function TranslationLinks({ translations }: { translations: readonly TranslationLink[] }) {
  const others = translations.filter((t) => !t.current)
  const say = useT()
  if (!others.length) return null
  return (
    <nav className="translation-links" aria-label={say('market.otherLanguages')} data-testid="translation-links" data-market-switch="">
      {/* a sentence: its links are sized by it (WCAG 2.5.8's inline exception) */}
      <p className="muted small">
        {say('market.alsoIn')}{' '}
      {others.map((t, i) => (
        <span key={t.path}>
          {i > 0 && ' · '}
          <a href={t.path} hrefLang={t.language} lang={t.language}>
            {languageName(t.language)}
          </a>
        </span>
        ))}
      </p>
    </nav>
  )
}
