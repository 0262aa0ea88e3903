export default 'Log in to the GameWise editors\' area to manage articles, brand pages and offers.'
