import { lazyPart } from '../../components/ui/lazy-boundary.tsx';

// The sender's code loads apart from the first screen, which never waits for it.
export const OutboxSender = lazyPart(() => import('./outbox-sender.tsx'));
