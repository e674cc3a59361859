import type { Map as MapLibreMap } from 'maplibre-gl';

/** Road shields ask for "<network>-<n>char": a plate wide enough for n characters. */
const SHIELD = /-(\d)char$/;
/** Points of interest ask for their kind ("cafe", "artwork"); cluster counts are not ours. */
const POI_KIND = /^[a-z_]+$/;

/** Draws `width` x `height` CSS pixels at the screen's density and adds it as image `id`. */
function addDrawn(
  map: MapLibreMap,
  id: string,
  width: number,
  height: number,
  draw: (ctx: CanvasRenderingContext2D) => void,
): boolean {
  const ratio = Math.min(2, window.devicePixelRatio || 1);
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * ratio);
  canvas.height = Math.ceil(height * ratio);
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  ctx.scale(ratio, ratio);
  draw(ctx);
  map.addImage(id, ctx.getImageData(0, 0, canvas.width, canvas.height), { pixelRatio: ratio });
  return true;
}

/**
 * The icons the Protomaps style names (one-way arrows, road shields, points of interest), drawn
 * here on demand instead of loaded from a sprite sheet: nothing to host, nothing to fail.
 * Returns false for ids it does not draw.
 */
export function drawStreetIcon(map: MapLibreMap, id: string): boolean {
  if (id === 'arrow') {
    // Points up: the style turns it along the road.
    return addDrawn(map, id, 10, 10, (ctx) => {
      ctx.strokeStyle = 'rgba(160, 160, 170, 0.9)';
      ctx.lineWidth = 1.6;
      ctx.beginPath();
      ctx.moveTo(2, 6);
      ctx.lineTo(5, 2.5);
      ctx.lineTo(8, 6);
      ctx.stroke();
    });
  }
  const shield = SHIELD.exec(id);
  if (shield) {
    const width = 8 + Number(shield[1]) * 6;
    return addDrawn(map, id, width, 14, (ctx) => {
      ctx.fillStyle = '#e9e9ee';
      ctx.strokeStyle = '#1f1f24';
      ctx.beginPath();
      ctx.roundRect(0.5, 0.5, width - 1, 13, 3);
      ctx.fill();
      ctx.stroke();
    });
  }
  if (!POI_KIND.test(id)) return false;
  return addDrawn(map, id, 9, 9, (ctx) => {
    // Artwork is what players hunt for: it gets the app's neon.
    ctx.fillStyle = id === 'artwork' ? '#ff4fa3' : '#9aa3ad';
    ctx.strokeStyle = 'rgba(11, 11, 18, 0.8)';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(4.5, 4.5, 3.5, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  });
}
