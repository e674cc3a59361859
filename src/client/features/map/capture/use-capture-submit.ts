import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CreatedDiscovery } from '../../../../core/schemas/discoveries.ts';
import type { CompletedUpload } from '../../../../core/schemas/objects.ts';
import { toastPhotoError, usePhotoField } from '../../upload/index.ts';
import { useAuth } from '../../../hooks/use-auth.ts';
import { handleUnauthorized } from '../../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { keepCapture, photoFailedOnNetwork } from '../../../outbox/capture.ts';
import { isNetworkFailure } from '../../../outbox/queue.ts';
import { FIND_LOGGED, conflictReason, toastCreated, useMatchOffer } from './match-offer.tsx';

/** What a capture's toasts say; a Log it save's success is always FIND_LOGGED. */
export interface CaptureTexts {
  /** The title of a new piece's success toast. */
  created: string;
  /** After the created toast's award (the discovery's completed missions). */
  createdExtra?: (created: CreatedDiscovery) => string;
  /** A photo transfer that failed without the server's reason. */
  photoFailed: string;
  /** A refused save's toast; the server's reason replaces the description when it gave one. */
  saveFailed: { title: string; description: string };
}

/**
 * The photo, the match offer and the save a discovery or graffiti capture share. Whatever the
 * network swallows waits in the outbox (docs/decisions/034) and the capture is done as if sent.
 */
export function useCaptureSubmit<Body extends Record<string, unknown>>({
  kind,
  create,
  texts,
  onBusyChange,
  onDone,
}: {
  kind: 'discovery' | 'graffiti';
  create: UseMutationResult<CreatedDiscovery, Error, { body: Body; key: string }>;
  texts: CaptureTexts;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const field = usePhotoField(kind);
  const { user } = useAuth();
  const matches = useMatchOffer();
  const [logging, setLogging] = useState<string | null>(null);
  const busy = field.phase !== 'idle' || create.isPending || matches.checking;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  /**
   * The processed photo, uploading the picked one first; null when that failed. Without a
   * signal the capture (`outboxBody`) and its photo wait on the device instead.
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

  /** Saves the capture: a new piece, or with `artworkId` a find of that artwork. */
  function save(body: Body, artworkId?: string) {
    setLogging(artworkId ?? 'new');
    const key = crypto.randomUUID();
    create.mutate(
      { body, key },
      {
        onSuccess: (created) => {
          toastCreated(
            created,
            artworkId ? FIND_LOGGED : texts.created,
            texts.createdExtra?.(created),
          );
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
    matches,
    /** The offer for the photo in the form, shown in the form's place. */
    offer: matches.offerFor(field.photo?.objectURL),
    /** The id being logged, or 'new', while a save is on its way. */
    logging,
    busy,
    uploadPhoto,
    save,
  };
}

export type CaptureSubmit = ReturnType<typeof useCaptureSubmit>;
