/** http(s) links, or same-site paths ("/article/x"): never javascript:, data: or protocol-relative. */
export function isSafeHref(v: string): boolean {
  if (v.startsWith('/')) return !v.startsWith('//') && !v.startsWith('/\\')
  try {
    const u = new URL(v)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}
