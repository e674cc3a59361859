export { PinIcon } from './pin-icon.tsx';
export { pinImage } from './pin-image.tsx';
export { PIN_STYLES, pinKindOf } from './pin-kinds.ts';
