import type { Page } from '@playwright/test';

/**
 * The share of the viewport where the map shows: the map canvas's visible area minus the union
 * of everything drawn over it. "Drawn" means an element outside the map that paints something
 * (a background, a border, a shadowless image, text or an icon), measured on a 4 px grid. The
 * map's own markers and controls are part of the map and do not count against it.
 */
export async function mapShare(page: Page): Promise<{ share: number; covering: string[] }> {
  return page.evaluate(() => {
    const CELL = 4;
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const map = document.querySelector<HTMLElement>('[data-testid="map"]');
    const canvas = map?.querySelector('canvas');
    if (!map || !canvas) return { share: 0, covering: ['no map canvas'] };
    const cols = Math.ceil(vw / CELL);
    const rows = Math.ceil(vh / CELL);
    const isMap = new Uint8Array(cols * rows);
    const mark = (r: DOMRect, value: number, grid: Uint8Array) => {
      const x0 = Math.max(0, Math.floor(r.left / CELL));
      const x1 = Math.min(cols, Math.ceil(r.right / CELL));
      const y0 = Math.max(0, Math.floor(r.top / CELL));
      const y1 = Math.min(rows, Math.ceil(r.bottom / CELL));
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) grid[y * cols + x] = value;
    };
    mark(canvas.getBoundingClientRect(), 1, isMap);

    const paints = (el: Element, style: CSSStyleDeclaration) => {
      if (el instanceof HTMLImageElement || el instanceof SVGSVGElement) return true;
      if (el instanceof HTMLCanvasElement || el instanceof HTMLVideoElement) return true;
      const bg = style.backgroundColor;
      if (bg && !/rgba\(.*,\s*0\)$/.test(bg) && bg !== 'transparent') return true;
      if (style.backgroundImage !== 'none') return true;
      if (parseFloat(style.borderTopWidth) > 0 && !/rgba\(.*,\s*0\)$/.test(style.borderTopColor))
        return true;
      return [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim() !== '');
    };
    const covered = new Uint8Array(cols * rows);
    const covering: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (map.contains(el) || el.contains(map)) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
        continue;
      if (el.closest('.sr-only') || !paints(el, style)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= vh) continue;
      if (r.right <= 0 || r.left >= vw) continue;
      mark(r, 1, covered);
      covering.push(
        `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} ${Math.round(r.width)}x${Math.round(r.height)}`,
      );
    }
    let shown = 0;
    for (let i = 0; i < isMap.length; i++) if (isMap[i] && !covered[i]) shown++;
    return { share: shown / (cols * rows), covering };
  });
}
