export default 'Admin Panel | GameWise'
