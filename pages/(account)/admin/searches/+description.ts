export default 'GameWise admin: what readers search for, and what they do not find.'
