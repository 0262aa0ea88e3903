export { default } from '../+Page.tsx'
