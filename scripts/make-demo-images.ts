/**
 * Writes the small demo images under public/demo/ (run: bun scripts/make-demo-images.ts).
 * Committed output: the product serves its own demo images and hot-links nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { demoBrandLogos, demoCovers } from '../server/demo/images.ts'

const palettes = [
  ['#0f172a', '#7c3aed'], ['#111827', '#059669'], ['#1e1b4b', '#db2777'], ['#0c4a6e', '#f59e0b'],
  ['#172554', '#22d3ee'], ['#3f1d38', '#f97316'], ['#052e16', '#84cc16'], ['#1f2937', '#ef4444'],
]
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

function cover(label: string, i: number, w = 800, h = 450) {
  const [a, b] = palettes[i % palettes.length]
  const circles = [0, 1, 2].map((k) => `<circle cx="${(w * (0.2 + 0.3 * k + (i % 3) * 0.05)).toFixed(0)}" cy="${(h * (0.3 + 0.2 * ((k + i) % 3))).toFixed(0)}" r="${60 + 30 * ((k + i) % 3)}" fill="#fff" opacity="0.07"/>`).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>${circles}<text x="40" y="${h - 48}" font-family="system-ui,sans-serif" font-size="${Math.round(h / 11)}" font-weight="700" fill="#fff">${esc(label)}</text></svg>\n`
}

function logo(initials: string, i: number) {
  const [a, b] = palettes[(i + 3) % palettes.length]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b}"/><stop offset="1" stop-color="${a}"/></linearGradient></defs><rect width="160" height="160" rx="32" fill="url(#g)"/><text x="80" y="100" text-anchor="middle" font-family="system-ui,sans-serif" font-size="56" font-weight="800" fill="#fff">${esc(initials)}</text></svg>\n`
}

const covers = demoCovers
const brands = demoBrandLogos

if (import.meta.main) {
  mkdirSync('public/demo/brands', { recursive: true })
  Object.entries(covers).forEach(([name, label], i) => writeFileSync(`public/demo/${name}.svg`, cover(label, i)))
  Object.entries(brands).forEach(([name, initials], i) => {
    writeFileSync(`public/demo/brands/${name}.svg`, logo(initials, i))
    writeFileSync(`public/demo/brands/${name}-banner.svg`, cover(name.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()), i + 2, 1200, 360))
  })
  writeFileSync('public/placeholder-banner.svg', cover('Offer', 7, 1200, 360))
  writeFileSync('public/logo.svg', `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="40" viewBox="0 0 180 40"><rect width="40" height="40" rx="10" fill="#7c3aed"/><path d="M12 26l8-14 8 14z" fill="#fff"/><text x="50" y="27" font-family="system-ui,sans-serif" font-size="19" font-weight="800" fill="#111827">GameWise</text></svg>\n`)
  writeFileSync('public/favicon.svg', `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#7c3aed"/><path d="M12 26l8-14 8 14z" fill="#fff"/></svg>\n`)
  console.log('demo images written to public/demo/')
}
