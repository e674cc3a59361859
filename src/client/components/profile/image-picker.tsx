import { ImagePlus } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { toast } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { formatMegabytes } from '../../lib/format.ts';

/** SPEC §5: one image file (image/*) under the limit; anything else is refused with a toast. */
export function acceptImage(file: File, maxBytes: number): boolean {
  if (!file.type.startsWith('image/')) {
    toast({
      title: 'Invalid File',
      description: 'Please choose an image file (JPG, PNG, WebP or GIF).',
      variant: 'destructive',
    });
    return false;
  }
  if (file.size > maxBytes) {
    toast({
      title: 'File Too Large',
      description: `Please choose an image of ${formatMegabytes(maxBytes)} or less.`,
      variant: 'destructive',
    });
    return false;
  }
  return true;
}

/**
 * Picks one photo by tapping (camera or library on phones) or by dropping a file, and shows a
 * preview. The preview URL is made when the file is chosen and revoked when replaced or unmounted.
 */
export function ImagePicker({
  id,
  label,
  maxBytes,
  onChange,
  disabled = false,
  round = false,
}: {
  id: string;
  /** The input's accessible name, e.g. 'Profile picture'. */
  label: string;
  maxBytes: number;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** A round preview (profile picture) instead of the photo's own shape. */
  round?: boolean;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const previewRef = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  function choose(file: File | undefined) {
    if (!file) return;
    if (!acceptImage(file, maxBytes)) {
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    const url = URL.createObjectURL(file);
    previewRef.current = url;
    setPreview(url);
    onChange(file);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) choose(event.dataTransfer.files[0]);
  }

  const hintId = `${id}-hint`;
  return (
    <label
      htmlFor={id}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex min-h-40 cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-line bg-wall p-4 text-center transition-colors hover:border-neon-cyan',
        'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-neon-cyan',
        dragging && 'border-neon-cyan bg-neon-cyan/10',
        disabled && 'pointer-events-none opacity-60',
      )}
    >
      {preview ? (
        <img
          src={preview}
          alt="Preview of the chosen photo"
          className={cn(
            'object-cover shadow-lg',
            round
              ? 'size-32 rounded-full ring-4 ring-neon-pink/60'
              : 'max-h-52 w-full rounded-xl object-contain',
          )}
        />
      ) : (
        <span className="grid size-14 place-items-center rounded-full bg-neon-pink/15 text-neon-pink">
          <ImagePlus className="size-7" aria-hidden />
        </span>
      )}
      <span className="font-bold text-chalk">
        {preview ? 'Choose a different photo' : 'Choose a photo'}
      </span>
      <span id={hintId} className="text-xs text-smoke">
        Tap to browse or drop it here · images up to {formatMegabytes(maxBytes)}
      </span>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        aria-label={label}
        aria-describedby={hintId}
        disabled={disabled}
        className="sr-only"
        onChange={(e) => choose(e.target.files?.[0])}
      />
    </label>
  );
}
