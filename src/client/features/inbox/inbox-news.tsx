import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { inboxUnreadQuery } from '../../api/inbox.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { toast } from '../../hooks/use-toast.ts';
import { inboxText } from '../../../core/inbox-text.ts';

/** Ids already told on this device, so news is toasted once however often it is asked for. */
const TOLD_KEY = 'streetscope.inbox.told';
const TOLD_KEPT = 100;

function told(): string[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(TOLD_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * What other players and moderators did for this player (a find of their piece, a release) is
 * told as a toast when it is heard of; the player's own results were told by their own action.
 */
export default function InboxNews() {
  const { isAuthenticated } = useAuth();
  const { data } = useQuery(inboxUnreadQuery(isAuthenticated));
  useEffect(() => {
    if (!data) return;
    const already = told();
    const fresh = data.news.filter((item) => !already.includes(item.id));
    if (fresh.length === 0) return;
    // Oldest first, as they happened.
    for (const item of [...fresh].reverse()) toast(inboxText(item));
    const kept = [...fresh.map((item) => item.id), ...already].slice(0, TOLD_KEPT);
    localStorage.setItem(TOLD_KEY, JSON.stringify(kept));
  }, [data]);
  return null;
}
