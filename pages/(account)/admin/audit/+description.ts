export default 'GameWise admin: who changed what, and when.'
