import { lazy } from 'react';

// The sender's code loads apart from the first screen, which never waits for it.
export const OutboxSender = lazy(() => import('./outbox-sender.tsx'));
