import { Loader2, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useCreatePost } from './community-api.ts';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { formatNumber } from '../../lib/format.ts';
import { refusalMessage } from '../../lib/query-client.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label, Textarea } from '../../components/ui/input.tsx';

/** The server's limits for a post (src/core/schemas/community.ts). */
export const TITLE_MAX = 120;
export const CONTENT_MAX = 4000;

function postFailed(error: unknown) {
  if (handleUnauthorized(error)) return;
  const tooFast = error instanceof Error && error.message.startsWith('429');
  const refusal = refusalMessage(error);
  toast({
    title: tooFast ? 'Slow Down' : refusal ? 'Not posted' : 'Error',
    description: tooFast
      ? 'You are posting very fast. Please wait a moment and try again.'
      : (refusal ?? 'Failed to post. Please try again.'),
    variant: 'destructive',
  });
}

/**
 * Writes a new discussion (optional title, required message) or, with parentId, a reply.
 * Beyond SPEC, which only reads posts. The fields clear once the server has the post.
 */
export function Composer({ parentId }: { parentId?: string }) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const create = useCreatePost();
  const isReply = parentId !== undefined;
  const blank = content.trim() === '';
  const nearLimit = content.length > CONTENT_MAX * 0.9;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || create.isPending) return;
    create.mutate(
      {
        content: content.trim(),
        ...(!isReply && title.trim() ? { title: title.trim() } : {}),
        ...(isReply ? { parentId } : {}),
      },
      {
        onSuccess: () => {
          setTitle('');
          setContent('');
        },
        onError: postFailed,
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      aria-label={isReply ? 'Write a reply' : 'Start a discussion'}
      className={cn(
        'grid grid-cols-1 gap-3',
        !isReply && 'rounded-xl border border-line bg-wall/70 p-3 sm:p-4',
      )}
    >
      {!isReply && (
        <div className="grid grid-cols-1 gap-1.5">
          <Label htmlFor={`${id}-title`}>
            Title <span className="font-normal text-smoke">(optional)</span>
          </Label>
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={TITLE_MAX}
            placeholder="Give it a headline"
            onChange={(e) => setTitle(e.target.value)}
          />
        </div>
      )}
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor={`${id}-content`} className={cn(isReply && 'sr-only')}>
          {isReply ? 'Your reply' : 'Message'}
        </Label>
        <Textarea
          id={`${id}-content`}
          value={content}
          maxLength={CONTENT_MAX}
          required
          rows={isReply ? 2 : 3}
          aria-describedby={`${id}-count`}
          placeholder={
            isReply ? 'Write a reply…' : 'Share a find, ask about a wall, plan a paint day…'
          }
          className={cn(isReply && 'min-h-16')}
          onChange={(e) => setContent(e.target.value)}
        />
      </div>
      <div className="flex items-center justify-between gap-3">
        <span
          id={`${id}-count`}
          className={cn('text-xs tabular-nums', nearLimit ? 'text-neon-amber' : 'text-smoke')}
        >
          {formatNumber(content.length)}/{formatNumber(CONTENT_MAX)}
          <span className="sr-only"> characters</span>
        </span>
        <Button type="submit" size="sm" disabled={blank || create.isPending} className="min-w-24">
          {create.isPending ? (
            <>
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />
              Posting...
            </>
          ) : (
            <>
              <Send aria-hidden />
              {isReply ? 'Reply' : 'Post'}
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
