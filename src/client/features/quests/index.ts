export { QuestsLink } from './quests-link.tsx';
