import type { WallSource } from '../../core/schemas/walls.ts';
import { SOURCES } from '../import/sources.ts';

/** What a wall row holds about where it comes from. */
export interface WallSourceRow {
  source: string;
  sourceId: string | null;
  sourceUrl: string | null;
  licence: string | null;
  attribution: string | null;
  notInSourceSince: Date | null;
  proposedById: string | null;
  /** The proposer's username, null once their account or their name is gone or hidden. */
  proposerName: string | null;
}

const URL_PATTERN = /https?:\/\/[^\s;,]+/g;

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/**
 * "from <source>" for a curated or imported wall, "proposed by <username>" for a player's
 * (docs/decisions/026). A curated record's `source` names its public pages in words and URLs;
 * every URL becomes a link labelled by its site.
 */
export function wallSourceOf(row: WallSourceRow): WallSource {
  const notInSourceSince = row.notInSourceSince?.toISOString() ?? null;
  if (row.proposedById !== null || row.source === PROPOSED_SOURCE) {
    return {
      kind: 'player',
      label: row.proposerName ?? 'a player',
      url: row.sourceUrl,
      licence: null,
      links: [],
      notInSourceSince: null,
      listedBy: null,
    };
  }
  if (row.sourceId !== null || row.attribution !== null) {
    const known = SOURCES.find((s) => s.id === row.sourceId);
    return {
      kind: 'open_data',
      label: row.attribution ?? (known ? `${known.publisher}, ${known.name}` : row.sourceId!),
      url: row.sourceUrl ?? known?.page ?? null,
      licence: row.licence ?? known?.licence ?? null,
      links: [],
      notInSourceSince,
      listedBy: known?.listedBy ?? known?.publisher ?? row.attribution,
    };
  }
  const urls = [...new Set(row.source.match(URL_PATTERN) ?? [])];
  const links = urls.map((url) => ({ label: hostOf(url), url }));
  return {
    kind: 'curated',
    label: links.length ? [...new Set(links.map((l) => l.label))].join(', ') : row.source,
    url: links[0]?.url ?? null,
    licence: null,
    links,
    notInSourceSince,
    listedBy: null,
  };
}

/** The `source` text of a player's proposal (the column is required; the player is the source). */
export const PROPOSED_SOURCE = 'Proposed by a player';
