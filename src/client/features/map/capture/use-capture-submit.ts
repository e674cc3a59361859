import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CreatedDiscovery } from '../../../../core/schemas/discoveries.ts';
import { useDiscoverySave, type CaptureTexts } from '../../discoveries/index.ts';
import { useMatchOffer } from './match-offer.tsx';

/**
 * The photo, the match offer and the save a discovery or graffiti capture share: the
 * discoveries' save, with "Is this the same piece?" asked before a new piece is saved.
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
  const saving = useDiscoverySave({ kind, create, texts, onDone });
  const matches = useMatchOffer();
  const busy = saving.saving || matches.checking;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  return {
    ...saving,
    matches,
    /** The offer for the photo in the form, shown in the form's place. */
    offer: matches.offerFor(saving.field.photo?.objectURL),
    busy,
  };
}

export type CaptureSubmit = ReturnType<typeof useCaptureSubmit>;
