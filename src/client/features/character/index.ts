export { markCharacterCreated, needsCharacterCreation } from './character-flag.ts';
