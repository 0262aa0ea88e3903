export default 'GameWise admin: markets, their addresses, languages and offer rules.'
