export default 'GameWise admin: which articles, pages and placements earn.'
