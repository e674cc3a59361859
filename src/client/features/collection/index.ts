export { ItemIcon } from './item-icon.tsx';
