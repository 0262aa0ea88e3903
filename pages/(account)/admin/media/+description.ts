export default 'GameWise admin: the media library, where each image is used, and deleting unused images.'
