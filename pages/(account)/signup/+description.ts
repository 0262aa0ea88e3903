export default 'Create a GameWise account; an admin grants editing rights to new accounts.'
