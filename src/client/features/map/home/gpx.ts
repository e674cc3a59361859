/** A place for a GPS device: one GPX waypoint. */
export interface Waypoint {
  latitude: number;
  longitude: number;
  name: string;
  description?: string;
  /** An absolute URL to the place's page. */
  link?: string;
  /** The symbol name GPS devices and hiking apps show (Garmin's names). */
  symbol: string;
  /** What kind of place it is: Legal wall, Mission, Artwork. */
  type: string;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

// GPX 1.1 asks lat in [-90, 90] and lon in [-180, 180): a longitude of exactly 180 is -180.
const lon = (value: number) => (value >= 180 ? value - 360 : value);

/** GPX 1.1 (topografix.com/GPX/1/1) with the waypoints in the order given. */
export function toGpx(waypoints: Waypoint[], name: string, at: Date): string {
  const wpt = waypoints.map((w) =>
    [
      `  <wpt lat="${w.latitude.toFixed(6)}" lon="${lon(w.longitude).toFixed(6)}">`,
      `    <name>${escapeXml(w.name)}</name>`,
      w.description ? `    <desc>${escapeXml(w.description)}</desc>` : null,
      w.link ? `    <link href="${escapeXml(w.link)}"><text>StreetScope</text></link>` : null,
      `    <sym>${escapeXml(w.symbol)}</sym>`,
      `    <type>${escapeXml(w.type)}</type>`,
      '  </wpt>',
    ]
      .filter((line) => line !== null)
      .join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="StreetScope" xmlns="http://www.topografix.com/GPX/1/1">',
    '  <metadata>',
    `    <name>${escapeXml(name)}</name>`,
    `    <time>${at.toISOString()}</time>`,
    '  </metadata>',
    ...wpt,
    '</gpx>',
    '',
  ].join('\n');
}
