/** A place for a GPS device: one GPX waypoint (or route point). */
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

/** An ordered way through places: GPS devices draw it and guide from point to point. */
export interface Route {
  name: string;
  points: Waypoint[];
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

// GPX 1.1 asks lat in [-90, 90] and lon in [-180, 180): a longitude of exactly 180 is -180.
const lon = (value: number) => (value >= 180 ? value - 360 : value);

/** A <wpt> or <rtept>: both are GPX's wptType, their children in the schema's order. */
function point(tag: 'wpt' | 'rtept', w: Waypoint, indent: string): string {
  return [
    `${indent}<${tag} lat="${w.latitude.toFixed(6)}" lon="${lon(w.longitude).toFixed(6)}">`,
    `${indent}  <name>${escapeXml(w.name)}</name>`,
    w.description ? `${indent}  <desc>${escapeXml(w.description)}</desc>` : null,
    w.link ? `${indent}  <link href="${escapeXml(w.link)}"><text>StreetScope</text></link>` : null,
    `${indent}  <sym>${escapeXml(w.symbol)}</sym>`,
    `${indent}  <type>${escapeXml(w.type)}</type>`,
    `${indent}</${tag}>`,
  ]
    .filter((line) => line !== null)
    .join('\n');
}

/**
 * GPX 1.1 (topografix.com/GPX/1/1) with the waypoints in the order given, then the route
 * through its points when there is one.
 */
export function toGpx(waypoints: Waypoint[], name: string, at: Date, route?: Route): string {
  const rte = route
    ? [
        '  <rte>',
        `    <name>${escapeXml(route.name)}</name>`,
        ...route.points.map((p) => point('rtept', p, '    ')),
        '  </rte>',
      ]
    : [];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="StreetScope" xmlns="http://www.topografix.com/GPX/1/1">',
    '  <metadata>',
    `    <name>${escapeXml(name)}</name>`,
    `    <time>${at.toISOString()}</time>`,
    '  </metadata>',
    ...waypoints.map((w) => point('wpt', w, '  ')),
    ...rte,
    '</gpx>',
    '',
  ].join('\n');
}

/** Saves the file through the browser's download, as `fileName`. */
export function downloadGpx(gpx: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([gpx], { type: 'application/gpx+xml' }));
  link.download = fileName;
  link.click();
  // The download reads the file after the click returns: released once it surely has.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
