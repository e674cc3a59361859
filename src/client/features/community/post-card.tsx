import { useQuery } from '@tanstack/react-query';
import { Heart, MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { ForumPost } from '../../../core/schemas/community.ts';
import { repliesQuery, useToggleLike } from './community-api.ts';
import {
  handleUnauthorized,
  useRequireAuthRedirect,
} from '../../hooks/use-require-auth-redirect.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { toast } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { formatDate, formatNumber, plural } from '../../lib/format.ts';
import { refusalMessage } from '../../lib/query-client.ts';
import { ReportMenu } from '../moderation/index.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { LoadError } from '../../components/ui/section.tsx';
import { AuthorAvatar } from './author-avatar.tsx';
import { Composer } from './composer.tsx';

/** SPEC §2: a post without an author reads 'Anonymous'. */
export const ANONYMOUS = 'Anonymous';

/** Longer posts start folded to a few lines, with 'Read more'. */
const FOLD_AT = 320;

function LikeButton({ post }: { post: ForumPost }) {
  const toggle = useToggleLike();
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={post.likedByMe}
      onClick={() => {
        if (toggle.isPending) return;
        toggle.mutate(
          { postId: post.id, like: !post.likedByMe },
          {
            onError: (error) => {
              if (handleUnauthorized(error)) return;
              toast({
                title: 'Error',
                description:
                  refusalMessage(error) ?? 'Failed to update your like. Please try again.',
                variant: 'destructive',
              });
            },
          },
        );
      }}
      className={cn(
        'gap-1.5 px-3 text-sm',
        post.likedByMe ? 'text-neon-pink' : 'text-smoke hover:text-chalk',
      )}
    >
      <Heart className={cn(post.likedByMe && 'fill-current')} aria-hidden />
      <span className="sr-only">Like</span>
      <span className="tabular-nums" data-testid="like-count">
        {formatNumber(post.likes)}
      </span>
      <span className="sr-only">{post.likes === 1 ? ' like' : ' likes'}</span>
    </Button>
  );
}

function Replies({ postId, id }: { postId: string; id: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(repliesQuery(postId));
  useRequireAuthRedirect(error);
  return (
    <div
      id={id}
      className="mt-3 grid grid-cols-1 gap-3 border-l-2 border-neon-violet/50 pl-3 sm:pl-4"
    >
      {isPending ? (
        <Skeleton className="h-16" />
      ) : isError ? (
        <LoadError what="the replies" onRetry={() => void refetch()} />
      ) : (
        data.length > 0 && (
          <ul className="grid grid-cols-1 gap-3" aria-label="Replies">
            {data.map((reply) => (
              <li key={reply.id}>
                <PostCard post={reply} />
              </li>
            ))}
          </ul>
        )
      )}
      <Composer parentId={postId} />
    </div>
  );
}

/** SPEC §2 Recent Discussions: author initial and name, date, title, content, likes, replies. */
export function PostCard({ post }: { post: ForumPost }) {
  const repliesId = useId();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const { user } = useAuth();
  const author = post.user?.username ?? null;
  const mine = user !== null && author === user.username;
  const isReply = post.parentId !== null;
  const long = post.content.length > FOLD_AT;

  return (
    <article
      className={cn(
        'min-w-0 rounded-xl border border-line p-3 sm:p-4',
        isReply ? 'bg-brick' : 'bg-wall/70',
      )}
    >
      <header className="flex items-center gap-3">
        <AuthorAvatar name={author} className={cn(isReply && 'size-8')} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-bold">{author ?? ANONYMOUS}</p>
          <p className="text-xs text-smoke">
            <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
          </p>
        </div>
        {!mine && (
          <ReportMenu
            targets={[
              { targetType: 'forum_post', targetId: post.id },
              ...(post.user?.id
                ? [{ targetType: 'profile' as const, targetId: post.user.id }]
                : []),
            ]}
            subject={`${isReply ? 'reply' : 'post'} by ${author ?? ANONYMOUS}`}
            className="-mr-2 self-start"
          />
        )}
      </header>
      {post.hidden && (
        <Badge variant="amber" className="mt-3 whitespace-normal">
          Hidden while a moderator reviews it: only you can see it.
        </Badge>
      )}
      {post.title && <h3 className="mt-3 text-base font-bold break-words">{post.title}</h3>}
      <p
        className={cn(
          'mt-1.5 text-sm leading-relaxed break-words whitespace-pre-line text-chalk/90',
          long && !expanded && 'line-clamp-5',
        )}
      >
        {post.content}
      </p>
      {long && (
        <button
          type="button"
          className="min-h-11 text-sm font-semibold text-neon-cyan hover:underline"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Show less' : 'Read more'}
        </button>
      )}
      <footer className="mt-2 -ml-2 flex flex-wrap items-center gap-1">
        <LikeButton post={post} />
        {!isReply && (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={open ? repliesId : undefined}
            onClick={() => setOpen((v) => !v)}
            className="gap-1.5 px-3 text-sm text-smoke hover:text-chalk"
          >
            <MessageCircle aria-hidden />
            {plural(post.replies, 'reply', 'replies')}
          </Button>
        )}
      </footer>
      {open && <Replies postId={post.id} id={repliesId} />}
    </article>
  );
}
