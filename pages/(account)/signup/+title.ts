export default 'Sign up | GameWise'
