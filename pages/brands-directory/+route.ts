export default '/brands'
