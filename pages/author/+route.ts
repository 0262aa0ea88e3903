export default '/author/@slug'
