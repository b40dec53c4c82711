export { default } from '../../page-loading';
