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

/** Two German translations of demo guides, linked to their originals (hreflang pairs). */
export const demoTranslations = [
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
