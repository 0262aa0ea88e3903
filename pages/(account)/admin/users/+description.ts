export default 'GameWise admin: accounts, roles and passwords.'
