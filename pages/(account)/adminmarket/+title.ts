export default 'Brand Admin | GameWise'
