/**
 * Artists' videos (docs/decisions/049-artists.md): a YouTube or Vimeo link becomes a provider and
 * an id, and is played only from the providers' privacy-enhanced players.
 */

export type VideoProvider = 'youtube' | 'vimeo';

export interface VideoRef {
  provider: VideoProvider;
  id: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/** The video a YouTube or Vimeo https link names, or null for anything else. */
export function parseVideoUrl(link: string): VideoRef | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^(www|m)\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtu.be') id = parts[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id =
      parts[0] === 'watch'
        ? (url.searchParams.get('v') ?? undefined)
        : ['embed', 'shorts', 'live'].includes(parts[0] ?? '')
          ? parts[1]
          : undefined;
  }
  if (id && YOUTUBE_ID.test(id)) return { provider: 'youtube', id };
  const vimeo =
    host === 'vimeo.com' ? parts[0] : host === 'player.vimeo.com' ? parts[1] : undefined;
  if (vimeo && VIMEO_ID.test(vimeo)) return { provider: 'vimeo', id: vimeo };
  return null;
}

/** The privacy-enhanced player: youtube-nocookie, or Vimeo's with Do Not Track. */
export function videoEmbedUrl({ provider, id }: VideoRef): string {
  return provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`
    : `https://player.vimeo.com/video/${encodeURIComponent(id)}?dnt=1&autoplay=1`;
}

export const PROVIDER_NAMES: Record<VideoProvider, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };
