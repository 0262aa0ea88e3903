export default 'Search GameWise articles: gaming and iGaming news, guides and reviews.'
