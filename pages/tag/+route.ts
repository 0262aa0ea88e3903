export default '/tag/@tag'
