export default '/articles'
