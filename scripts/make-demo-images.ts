/**
 * Writes the small demo images under public/demo/ (run: bun scripts/make-demo-images.ts).
 * Committed output: the product serves its own demo images and hot-links nothing.
 *
 * Also the raster social images (1200×630 JPEG) that og:image shares, since Facebook, X and LinkedIn
 * do not render SVG: one per demo SVG (lib/social-image.ts maps `/demo/x.svg` to `/demo/social/x.jpg`),
 * the site's default card and a raster logo for structured data. Written here, not at seed time: the
 * bytes are the same on every machine (no fonts or native library needed where the server runs), and
 * seeding stays fast.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { DEFAULT_SOCIAL_IMAGE, SITE_LOGO_PNG, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, demoSocialImagePath } from '../lib/social-image.ts'
import { rasterise } from '../server/media/rasterise.ts'
import { demoBrands } from '../server/demo/brands.ts'
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

const W = SOCIAL_IMAGE_WIDTH
const H = SOCIAL_IMAGE_HEIGHT

const mark = (x: number, y: number, size: number) =>
  `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size / 4}" fill="#7c3aed"/><path d="M${x + size * 0.3} ${y + size * 0.65}l${size * 0.2}-${size * 0.35} ${size * 0.2} ${size * 0.35}z" fill="#fff"/>`

/** A brand's social card: its banner colours, logo tile, name, and the site's mark. */
function brandCard(name: string, initials: string, i: number) {
  const [a, b] = palettes[(i + 2) % palettes.length]
  const [la, lb] = palettes[(i + 3) % palettes.length]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient><linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lb}"/><stop offset="1" stop-color="${la}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/><rect x="90" y="165" width="300" height="300" rx="60" fill="url(#l)"/><text x="240" y="352" text-anchor="middle" font-family="system-ui,sans-serif" font-size="110" font-weight="800" fill="#fff">${esc(initials)}</text><text x="450" y="300" font-family="system-ui,sans-serif" font-size="76" font-weight="800" fill="#fff">${esc(name)}</text><text x="452" y="370" font-family="system-ui,sans-serif" font-size="38" fill="#fff" opacity="0.9">Review and offer</text>${mark(1036, 524, 64)}</svg>\n`
}

/** The site's default card: for pages whose own image is an SVG or missing. */
const siteCard = () =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/><circle cx="1010" cy="140" r="170" fill="#fff" opacity="0.06"/><circle cx="880" cy="520" r="110" fill="#fff" opacity="0.06"/>${mark(90, 170, 120)}<text x="240" y="262" font-family="system-ui,sans-serif" font-size="96" font-weight="800" fill="#fff">GameWise</text><text x="92" y="400" font-family="system-ui,sans-serif" font-size="44" fill="#fff">Gaming and iGaming news, guides and offers</text><text x="92" y="462" font-family="system-ui,sans-serif" font-size="32" fill="#fff" opacity="0.8">Independent guides · honest reviews · curated brand offers</text></svg>\n`

const covers = demoCovers
const brands = demoBrandLogos

/** Writes the 1200×630 JPEG that lib/social-image.ts shares for the demo SVG at `svgPath`. */
async function writeSocial(svgPath: string, svg: string) {
  const path = demoSocialImagePath(svgPath)
  if (!path) throw new Error(`no social image path for ${svgPath}`)
  mkdirSync(dirname(`public${path}`), { recursive: true })
  writeFileSync(`public${path}`, await rasterise(svg, { width: W, height: H, format: 'jpeg', quality: 82 }))
}

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

  // raster social images: covers re-drawn at 1200×630 (cropping 16:9 would cut their label), brand cards
  for (const [i, [name, label]] of Object.entries(covers).entries()) await writeSocial(`/demo/${name}.svg`, cover(label, i, W, H))
  for (const [i, [name, initials]] of Object.entries(brands).entries()) {
    const brandName = demoBrands.find((b) => b._id === name)?.brandName ?? name
    const card = brandCard(brandName, initials, i)
    await writeSocial(`/demo/brands/${name}.svg`, card)
    await writeSocial(`/demo/brands/${name}-banner.svg`, card)
  }
  writeFileSync(`public${DEFAULT_SOCIAL_IMAGE}`, await rasterise(siteCard(), { width: W, height: H, format: 'jpeg', quality: 85 }))
  const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#7c3aed"/><path d="M12 26l8-14 8 14z" fill="#fff"/></svg>`
  writeFileSync(`public${SITE_LOGO_PNG}`, await rasterise(logoSvg, { width: 512, height: 512, format: 'png' }))
  console.log('demo images written to public/demo/ (social images in public/demo/social/)')
}
