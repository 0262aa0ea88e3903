export default 'GameWise content admin: hero, featured, article and bottom-article posts, with AI writing.'
