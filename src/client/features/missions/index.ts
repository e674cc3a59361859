export { MissionCard } from './mission-card.tsx';
