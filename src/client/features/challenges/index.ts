export { challengeKeys } from './challenges-api.ts';
export { ThisWeekBoard } from './this-week-board.tsx';
