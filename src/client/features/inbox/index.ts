import { lazyPart } from '../../components/ui/lazy-boundary.tsx';

// Mounted on every signed-in screen: its code loads apart from the first screen.
export const InboxNews = lazyPart(() => import('./inbox-news.tsx'));
