import type { Market } from '../../lib/markets.ts'
import { MARKET_PRESETS } from '../../lib/markets.ts'

/**
 * The demo's markets (issue 23), so a new user sees the difference after `npm start`: the same brand at
 * /uk with its bonus, at /ca-on without it (Ontario bars public inducements) and 19+, and a German market
 * at /de with two translated articles. The default market keeps every unprefixed address.
 */
export const demoMarkets: Omit<Market, 'createdAt' | 'updatedAt'>[] = [
  { key: 'uk', name: 'United Kingdom', legalPages: [], listsSharedArticles: true, ...MARKET_PRESETS.GB },
  { key: 'ca-on', name: 'Ontario', legalPages: [], listsSharedArticles: true, ...MARKET_PRESETS['CA-ON'], countries: ['CA-ON', 'CA'] },
  { key: 'de', name: 'Deutschland', legalPages: [], listsSharedArticles: false, ...MARKET_PRESETS.DE },
]

/** German translations of demo posts, linked to their originals (hreflang pairs): the home page's hero and featured guide, and two guides. */
export const demoTranslations = [
  {
    _id: 'kluger-gewinnen',
    translationOf: 'smarter-way-to-win',
    market: 'de',
    type: 'hero' as const,
    title: 'Klüger spielen im iGaming',
    tag: 'Ratgeber',
    image: '/demo/hero.svg',
    description: 'Unabhängige Ratgeber, ehrliche Tests und geprüfte Angebote.',
    content: { summary: [], body: [] },
    meta: { author: 'Maya Chen', date: '2026-11-20', reviewer: '', readTime: '' },
    related_studies: [],
  },
  {
    _id: 'casino-bonus-richtig-lesen',
    translationOf: 'how-to-read-a-casino-bonus',
    market: 'de',
    type: 'featured' as const,
    title: 'Casino-Bonus richtig lesen, bevor Sie ihn annehmen',
    tag: 'Ratgeber',
    image: '/demo/bonus-reading.svg',
    description: 'Große Zahlen verkaufen Boni, die Bedingungen entscheiden über ihren Wert. So prüfen Sie jedes Willkommensangebot in fünf Minuten.',
    content: {
      summary: [
        { title: 'Erst die Bedingungen', text: 'Umsatzfaktor, Frist und Höchsteinsatz sagen mehr als die Bonushöhe.' },
        { title: 'Rechnen statt hoffen', text: 'Umsatz mal Hausvorteil ergibt die erwarteten Kosten des Bonus.' },
      ],
      body: [
        {
          headline: 'Die fünf Zahlen, die zählen',
          content: 'Prüfen Sie Umsatzfaktor, Basis, Frist, Höchsteinsatz und Spielgewichtung. Wie der Umsatz funktioniert, erklären die Umsatzbedingungen.',
          keywords: ['Umsatzfaktor', 'Frist'],
          hyperlinks: [{ text: 'Umsatzbedingungen', url: '/de/article/umsatzbedingungen-erklaert' }],
          subsections: [{ subheading: 'Höchsteinsatz', content: 'Wer mit Bonusgeld mehr setzt als erlaubt, verliert oft Bonus und Gewinne.' }],
        },
      ],
    },
    meta: { author: 'Daniel Okafor', date: '2026-11-19', reviewer: 'Elena Rossi, compliance editor', readTime: '5 Min.' },
    related_studies: [],
  },
  {
    _id: 'rtp-erklaert',
    translationOf: 'rtp-explained',
    market: 'de',
    type: 'article' as const,
    title: 'RTP erklärt: Was die Auszahlungsquote wirklich bedeutet',
    tag: 'Ratgeber',
    image: '/demo/rtp.svg',
    description: 'Die RTP ist ein Durchschnitt über Millionen Drehungen, kein Versprechen für Ihre Sitzung. So nutzen Sie sie, ohne sich von ihr täuschen zu lassen.',
    content: {
      summary: [
        { title: 'Ein Durchschnitt', text: 'Ein Slot mit 96 % RTP zahlt über seine Lebensdauer 96 von 100 gesetzten Euro zurück, nicht pro Sitzung.' },
        { title: 'Gleiches Spiel, andere RTP', text: 'Viele Slots gibt es in mehreren RTP-Versionen; der Anbieter wählt, welche er betreibt.' },
      ],
      body: [
        {
          headline: 'Woher die Zahl kommt',
          content: 'Spielestudios berechnen die RTP aus der Mathematik des Spiels, Prüflabore bestätigen sie über Millionen simulierter Runden. Sie beschreibt das Spiel, nicht Ihr Glück, und ihr Gegenstück ist der Hausvorteil.',
          keywords: ['RTP', 'Prüflabore'],
          hyperlinks: [{ text: 'Hausvorteil', url: '/de/article/umsatzbedingungen-erklaert' }],
          subsections: [{ subheading: 'RTP und Hausvorteil', content: 'Zwei Seiten einer Zahl: 96 % RTP sind 4 % Hausvorteil.' }],
        },
        {
          headline: 'Die RTP sinnvoll nutzen',
          content: 'Sehen Sie die RTP als Preis der Unterhaltung. Zwei Prozentpunkte zählen viel beim Umsetzen eines Bonus und wenig an einem Abend mit ein paar Drehungen.',
          keywords: ['Budget'],
          hyperlinks: [],
          subsections: [],
        },
      ],
    },
    meta: { author: 'Maya Chen', date: '2026-11-18', reviewer: 'Tom Becker, senior editor', readTime: '5 Min.' },
    related_studies: [],
  },
  {
    _id: 'umsatzbedingungen-erklaert',
    translationOf: 'wagering-requirements-decoded',
    market: 'de',
    type: 'article' as const,
    title: 'Umsatzbedingungen verständlich erklärt',
    tag: 'Ratgeber',
    image: '/demo/wagering.svg',
    description: 'Warum 35-fach nicht immer 35-fach ist, welche Spiele zählen und woran Sie erkennen, ob sich ein Bonus lohnt.',
    content: {
      summary: [
        { title: 'Die Basis kennen', text: 'Umsatz nur auf den Bonus ist halb so viel wie Umsatz auf Einzahlung plus Bonus.' },
        { title: 'Gewichtung entscheidet', text: 'Spiele, die zu 10 % zählen, machen das Umsetzen zehnmal langsamer.' },
      ],
      body: [
        {
          headline: 'Worauf sich der Faktor bezieht',
          content: 'Die Bedingungen sagen entweder „Bonus x35“ oder „Einzahlung + Bonus x35“. Bei 100 € Einzahlung und 100 € Bonus sind das 3.500 € oder 7.000 € Einsatz, und jeder Einsatz kostet im Schnitt den Hausvorteil.',
          keywords: ['Umsatz'],
          hyperlinks: [{ text: 'Hausvorteil', url: '/de/article/rtp-erklaert' }],
          subsections: [{ subheading: 'Sticky und Non-Sticky', content: 'Bei einem Non-Sticky-Bonus spielen Sie zuerst mit Ihrem eigenen Geld.' }],
        },
        {
          headline: 'Bonus annehmen oder nicht',
          content: 'Schätzen Sie die erwarteten Kosten: Umsatz mal Hausvorteil. Liegen sie über dem Bonus, spielen Sie lieber ohne.',
          keywords: ['Erwartungswert'],
          hyperlinks: [],
          subsections: [],
        },
      ],
    },
    meta: { author: 'Daniel Okafor', date: '2026-11-17', reviewer: 'Elena Rossi, compliance editor', readTime: '6 Min.' },
    related_studies: [],
  },
]
