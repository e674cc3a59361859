import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { PIN_ASPECT, PinIcon } from './pin-icon.tsx';
import type { PinKind } from './pin-kinds.ts';

/** The pin's SVG document, from the same component the rest of the UI draws. */
function pinSvg(kind: PinKind, height: number, gone: boolean): string {
  const host = document.createElement('div');
  const root = createRoot(host);
  flushSync(() => root.render(<PinIcon kind={kind} height={height} gone={gone} />));
  const markup = new XMLSerializer().serializeToString(host.firstElementChild!);
  root.unmount();
  return markup;
}

/**
 * The pin as pixels for a map layer, `height` px tall at `ratio` device pixels per px: the
 * SVG is drawn onto a canvas that size, so it stays sharp on high-density screens.
 */
export async function pinImage(
  kind: PinKind,
  height: number,
  ratio: number,
  gone = false,
): Promise<ImageData> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(pinSvg(kind, height, gone))}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(height * PIN_ASPECT * ratio);
  canvas.height = Math.ceil(height * ratio);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}
