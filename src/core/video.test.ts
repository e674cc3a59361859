import { describe, expect, it } from 'vitest';
import { parseVideoUrl, videoEmbedUrl } from './video.ts';

describe('an artist’s video link', () => {
  it('reads YouTube and Vimeo links in their usual shapes', () => {
    const yt = { provider: 'youtube', id: 'dQw4w9WgXcQ' };
    expect(parseVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toEqual(yt);
    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ')).toEqual(yt);
    expect(parseVideoUrl('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toEqual(yt);
    expect(parseVideoUrl('https://vimeo.com/76979871')).toEqual({
      provider: 'vimeo',
      id: '76979871',
    });
    expect(parseVideoUrl('https://player.vimeo.com/video/76979871')).toEqual({
      provider: 'vimeo',
      id: '76979871',
    });
  });

  it('refuses anything else', () => {
    for (const bad of [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/channels/staffpicks',
      'javascript:alert(1)',
      'not a link',
    ]) {
      expect(parseVideoUrl(bad)).toBeNull();
    }
  });

  it('plays from the privacy-enhanced players only', () => {
    expect(videoEmbedUrl({ provider: 'youtube', id: 'dQw4w9WgXcQ' })).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
    expect(videoEmbedUrl({ provider: 'vimeo', id: '76979871' })).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1',
    );
  });
});
