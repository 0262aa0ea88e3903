export default 'Users | GameWise admin'
