import type { FormEvent, ReactNode } from 'react';
import type { ArtworkMatch } from '../../../../core/schemas/artworks.ts';
import { Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { PhotoField } from '../../upload/index.ts';
import type { PhotoFieldProps } from '../../upload/index.ts';
import { MatchOffer } from './match-offer.tsx';
import type { CaptureSubmit } from './use-capture-submit.ts';

/**
 * The form a discovery and a graffiti capture share: their own fields, then the photo field,
 * then what follows it; "Already on the map?" takes their place while the offer stands.
 */
export function CaptureForm({
  capture,
  onSubmit,
  onLogIt,
  onNewPiece,
  className,
  offerClassName,
  photoWords,
  fields,
  afterPhoto,
  footer,
}: {
  capture: Pick<CaptureSubmit, 'field' | 'offer' | 'logging' | 'busy'>;
  onSubmit: (event: FormEvent) => void;
  onLogIt: (match: ArtworkMatch) => void;
  onNewPiece: () => void;
  className: string;
  offerClassName?: string;
  /** The drop area's words, when not the uploader's own. */
  photoWords?: Pick<PhotoFieldProps, 'dropHint' | 'browseLabel'>;
  fields: ReactNode;
  afterPhoto?: ReactNode;
  /** Shown beside the offer too. */
  footer?: ReactNode;
}) {
  const { field, offer, logging, busy } = capture;
  return (
    <form onSubmit={onSubmit} noValidate className={className}>
      {offer && (
        <MatchOffer
          photoUrl={offer.photoUrl}
          matches={offer.matches}
          saving={logging}
          onLogIt={onLogIt}
          onNewPiece={onNewPiece}
          className={offerClassName}
        />
      )}
      {/* Kept mounted behind the offer: the photo and the answers stay as they are. */}
      <div className={offer ? 'hidden' : 'contents'}>
        {fields}
        <PhotoField {...field.fieldProps} disabled={busy} {...photoWords} />
        {afterPhoto}
      </div>
      {footer}
    </form>
  );
}

/** A labelled one-line answer: a capture's name or title, its artist. */
export function LineField({
  id,
  label,
  value,
  onChange,
  placeholder,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        maxLength={120}
        autoComplete="off"
        placeholder={placeholder}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A capture's description. */
export function DescriptionField({
  id,
  value,
  onChange,
  placeholder,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Description</Label>
      <Textarea
        id={id}
        value={value}
        maxLength={2000}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
