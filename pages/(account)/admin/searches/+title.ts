export default 'Searches | GameWise admin'
