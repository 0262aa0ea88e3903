export default 'GameWise brand admin: brand pages, offers, tracked links and their click and conversion reports.'
