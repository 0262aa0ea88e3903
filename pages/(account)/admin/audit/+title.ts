export default 'Audit log | GameWise admin'
