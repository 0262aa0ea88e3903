export default 'Markets | GameWise admin'
