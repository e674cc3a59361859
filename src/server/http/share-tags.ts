import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { IdSchema } from '../../core/schemas/common.ts';
import type { Db } from '../db/client.ts';
import { artworkLogs, artworks } from '../db/schema.ts';
import { logShownTo, shownCover } from '../services/privacy.ts';

const SITE = 'StreetScope';

/** The artwork page's path: /art/<id>, with or without a trailing slash. */
const ARTWORK_PAGE = /^\/art\/([^/]+)\/?$/;

/** A Host header we are willing to write into a page: a name or address and a port. */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * The origin a chat app reached us at, for absolute links: the request's protocol and host
 * (X-Forwarded-* only from the proxies TRUST_PROXY names, as Fastify reads them), or PUBLIC_URL
 * when the Host header is missing or malformed.
 */
function originOf(request: FastifyRequest, publicUrl: string): string {
  const host = request.host;
  return host && HOST.test(host) ? `${request.protocol}://${host}` : publicUrl;
}

interface SharedArtwork {
  title: string;
  artistName: string | null;
  status: 'present' | 'gone';
  coverImageUrl: string;
  finders: number;
}

/**
 * What a shared link may say about an artwork: its title, artist, status, cover and how many
 * players found it. Logs held for review are not counted; no player is named.
 */
async function sharedArtwork(db: Db, id: string): Promise<SharedArtwork | null> {
  const [row] = await db
    .select({
      title: artworks.title,
      artistName: artworks.artistName,
      status: artworks.status,
      coverImageUrl: shownCover(null),
      finders: sql<number>`(select count(distinct ${artworkLogs.userId})::int from ${artworkLogs}
        where ${and(
          eq(artworkLogs.artworkId, artworks.id),
          eq(artworkLogs.kind, 'found'),
          or(isNull(artworkLogs.reviewStatus), eq(artworkLogs.reviewStatus, 'approved')),
          logShownTo(null),
        )})`,
    })
    .from(artworks)
    .where(and(eq(artworks.id, id), isNull(artworks.hiddenAt)));
  if (!row?.coverImageUrl?.startsWith('/objects/')) return null;
  return { ...row, coverImageUrl: row.coverImageUrl, finders: Number(row.finders) };
}

function descriptionOf(art: SharedArtwork): string {
  const by = art.artistName ? `Street art by ${art.artistName}` : 'Street art, artist unknown';
  const players = art.finders === 1 ? '1 player' : `${art.finders} players`;
  const status = art.status === 'gone' ? 'Reported gone.' : 'Still there.';
  return `${by} — found by ${players} on ${SITE}. ${status}`;
}

function tagsFor(art: SharedArtwork, pageUrl: string, imageUrl: string): string {
  const title = `${art.title} · ${SITE}`;
  const description = descriptionOf(art);
  const meta: [attribute: 'property' | 'name', key: string, value: string][] = [
    ['name', 'description', description],
    ['property', 'og:site_name', SITE],
    ['property', 'og:type', 'article'],
    ['property', 'og:title', art.title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['property', 'og:image', imageUrl],
    ['property', 'og:image:alt', art.title],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', art.title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', imageUrl],
  ];
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...meta.map(([a, key, value]) => `<meta ${a}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ');
}

/**
 * index.html for a page, with an artwork page's share tags in its head so a shared link
 * previews in chat apps (which fetch without cookies and run no script). Any other page, an
 * unknown artwork or one without a cover gets the page as it is.
 */
export async function pageHtml(
  db: Db,
  request: FastifyRequest,
  publicUrl: string,
  indexHtml: string,
): Promise<string> {
  const path = request.url.split('?')[0] ?? '';
  const match = ARTWORK_PAGE.exec(path);
  if (!match) return indexHtml;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return indexHtml;
  }
  if (!IdSchema.safeParse(id).success) return indexHtml;
  const art = await sharedArtwork(db, id);
  if (!art) return indexHtml;
  const origin = originOf(request, publicUrl);
  const tags = tagsFor(
    art,
    `${origin}/art/${encodeURIComponent(id)}`,
    `${origin}${art.coverImageUrl}`,
  );
  return indexHtml
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', () => `  ${tags}\n  </head>`);
}
