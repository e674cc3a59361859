import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreatedDiscovery } from '../../../core/schemas/discoveries.ts';
import type { CompletedUpload } from '../../../core/schemas/objects.ts';
import { toastPhotoError, usePhotoField } from '../upload/index.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { refusalMessage, serverMessage } from '../../lib/query-client.ts';
import { keepCapture, photoFailedOnNetwork } from '../../outbox/capture.ts';
import { isNetworkFailure } from '../../outbox/queue.ts';

/** What a save's toasts say; the success of a find of an artwork is always FIND_LOGGED. */
export interface CaptureTexts {
  /** The title of a new piece's success toast. */
  created: string;
  /** A photo transfer that failed without the server's reason. */
  photoFailed: string;
  /** A refused save's toast; the server's reason replaces the description when it gave one. */
  saveFailed: { title: string; description: string };
}

/** The title of the toast for a find of an artwork already on the map. */
export const FIND_LOGGED = 'Find Logged!';

/** The created find's toast: the real award and the missions it completed, or why none yet. */
function toastCreated(created: CreatedDiscovery, title: string) {
  if (created.pendingReview) {
    toast({
      title: 'Pending review',
      description: 'This find is held for review and pays once approved.',
    });
    return;
  }
  if (created.awaitingPhoto) {
    toast({
      title: 'Saved without a photo',
      description: 'It earns nothing yet: add a photo from My Discoveries to earn your tokens.',
    });
    return;
  }
  const missions = created.completedMissions
    .map((m) => `${m.title} (+${m.rewardTokens})`)
    .join(', ');
  toast({
    title,
    description: `You earned ${created.tokensAwarded} tokens.${missions ? ` Mission complete: ${missions}.` : ''}`,
  });
}

/**
 * A refused save's reason: a 409's (the photo already documented, SPEC's text, or this artwork
 * already logged today) or a suspended player's 403. Null for any other error.
 */
function conflictReason(error: Error): string | null {
  // A suspended player's save is refused in the server's words too.
  const refusal = refusalMessage(error);
  if (refusal) return refusal;
  if (!/^409: /.test(error.message)) return null;
  return serverMessage(error) ?? 'This photo has already been documented';
}

/**
 * The photo and the save of a discovery: a new piece, or a find of an artwork (the map's
 * capture and graffiti dialogs, the artwork page's Found it). Whatever the network swallows
 * waits in the outbox (docs/decisions/034) and the save is done as if sent.
 */
export function useDiscoverySave<Body extends Record<string, unknown>>({
  kind,
  create,
  texts,
  onDone,
}: {
  kind: 'discovery' | 'graffiti';
  create: UseMutationResult<CreatedDiscovery, Error, { body: Body; key: string }>;
  texts: CaptureTexts;
  onDone: () => void;
}) {
  const field = usePhotoField(kind);
  const { user } = useAuth();
  const [logging, setLogging] = useState<string | null>(null);

  /**
   * The processed photo, uploading the picked one first; null when that failed. Without a
   * signal the save (`outboxBody`) and its photo wait on the device instead.
   */
  async function uploadPhoto(
    outboxBody: () => Record<string, unknown>,
  ): Promise<CompletedUpload | null> {
    try {
      return await field.ensurePhoto();
    } catch (error) {
      if (user && photoFailedOnNetwork(error) && error.file) {
        await keepCapture({
          kind,
          userId: user.id,
          body: outboxBody(),
          key: crypto.randomUUID(),
          blob: error.file,
        });
        onDone();
      } else {
        toastPhotoError(error, texts.photoFailed);
      }
      return null;
    }
  }

  /** Saves it: a new piece, or with `artworkId` a find of that artwork. */
  function save(body: Body, artworkId?: string) {
    setLogging(artworkId ?? 'new');
    const key = crypto.randomUUID();
    create.mutate(
      { body, key },
      {
        onSuccess: (created) => {
          toastCreated(created, artworkId ? FIND_LOGGED : texts.created);
          onDone();
        },
        onError: async (error) => {
          if (handleUnauthorized(error)) return;
          // Sent but unanswered: kept with its key, so the repeat cannot create it twice.
          if (user && isNetworkFailure(error)) {
            await keepCapture({ kind, userId: user.id, body, key, blob: null });
            return onDone();
          }
          toast({
            title: texts.saveFailed.title,
            description: conflictReason(error) ?? texts.saveFailed.description,
            variant: 'destructive',
          });
        },
        onSettled: () => setLogging(null),
      },
    );
  }

  return {
    field,
    /** The id being logged, or 'new', while a save is on its way. */
    logging,
    /** The photo is on its way or the save is. */
    saving: field.phase !== 'idle' || create.isPending,
    uploadPhoto,
    save,
  };
}
