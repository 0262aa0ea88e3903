export default 'Earnings | GameWise admin'
