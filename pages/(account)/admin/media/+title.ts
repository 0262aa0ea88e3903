export default 'Media library | GameWise admin'
