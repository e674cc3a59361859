import { useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { forumQuery } from './community-api.ts';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { EmptyState, LoadError, Section } from '../../components/ui/section.tsx';
import { Composer } from './composer.tsx';
import { PostCard } from './post-card.tsx';

/** SPEC §2 'Recent Discussions', with a composer on top (newest post first). */
export function Discussions() {
  const { data, isPending, isError, refetch } = useQuery(forumQuery);
  return (
    <Section id="discussions" title="Recent Discussions" icon={MessagesSquare}>
      <div className="grid grid-cols-1 gap-4">
        <Composer />
        {isPending ? (
          <div className="grid grid-cols-1 gap-3" aria-label="Loading discussions">
            <Skeleton className="h-36" />
            <Skeleton className="h-36" />
          </div>
        ) : isError ? (
          <LoadError what="discussions" onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <EmptyState icon={MessagesSquare} title="No discussions yet">
            Start the first one: share a find or ask about a wall.
          </EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-3" aria-label="Posts">
            {data.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}
