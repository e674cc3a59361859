export { onboardingPath, takeOnboardingTurn } from './onboarding-turn.ts';
