/**
 * Runs `run` in a task of its own after the browser's next frame, so what it measures is already
 * laid out and what was just rendered is on screen first; a hidden page has no frame to wait
 * for. Returns a cancel.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (document.visibilityState === 'hidden') {
    timer = setTimeout(run);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
