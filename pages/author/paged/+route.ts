// Page 2 onwards of the same list: data, title and head come from the parent directory's config.
export default '/author/@slug/page/@page'
