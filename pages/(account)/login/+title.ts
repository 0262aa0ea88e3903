export default 'Login | GameWise'
