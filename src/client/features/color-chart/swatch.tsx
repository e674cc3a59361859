import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { LABEL_DARK, LABEL_LIGHT, labelTone, type Colour } from './colours.ts';

/** Copies the hex code; says so in a toast, or shows the code when the clipboard refuses. */
export async function copyColour(colour: Colour): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(colour.hex);
    toast({ title: 'Copied', description: `${colour.name} ${colour.hex}` });
    return true;
  } catch {
    toast({
      title: 'Could not copy',
      description: `Your browser blocked the clipboard. ${colour.name} is ${colour.hex}.`,
    });
    return false;
  }
}

/** One colour: a tile in its own colour, labelled in dark or light text, whichever reads better. */
export function Swatch({ colour }: { colour: Colour }) {
  const tone = labelTone(colour.hex);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);

  return (
    <button
      type="button"
      data-testid="swatch"
      data-label-tone={tone}
      onClick={() => void copyColour(colour).then(setCopied)}
      style={{ backgroundColor: colour.hex, color: tone === 'dark' ? LABEL_DARK : LABEL_LIGHT }}
      className={cn(
        'group relative grid min-h-28 w-full content-end gap-0.5 rounded-2xl p-3 text-left shadow-md ring-1 transition-transform ring-inset hover:-translate-y-0.5 active:translate-y-0 motion-reduce:transition-none',
        tone === 'dark' ? 'ring-black/15' : 'ring-white/20',
      )}
    >
      <span className="absolute top-2.5 right-2.5 opacity-70 group-hover:opacity-100" aria-hidden>
        {copied ? <Check className="size-4" /> : <Copy className="size-4" />}
      </span>
      <span className="pr-5 text-sm leading-tight font-bold">{colour.name}</span>
      <span className="text-xs font-semibold">{colour.code}</span>
      <span className="font-mono text-xs">{colour.hex}</span>
      <span className="sr-only">{copied ? 'Copied' : 'Copy hex code'}</span>
    </button>
  );
}
