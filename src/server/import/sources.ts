/**
 * Open-data sources the importer knows (docs/decisions/023-open-data-connectors.md). Field names
 * are matched ignoring case, spaces and underscores ('Item title' = 'item_title'), so a
 * portal's labelled CSV and its API share one mapping. Each list is tried in order.
 */
export type Kind = 'artwork' | 'legal_wall';

/** Field → accepted values (ignoring case); every field must match. */
export type Where = Record<string, string[]>;

export interface OpenDataSource {
  id: string;
  name: string;
  publisher: string;
  /** The dataset's page, credited beside each record that has no page of its own. */
  page: string;
  /** The live endpoint a networked import starts from; the operator passes one when absent. */
  url?: string;
  format: 'opendatasoft' | 'socrata' | 'arcgis' | 'ckan' | 'overpass';
  licence: string;
  attribution: string;
  /** Where the records must be: a point outside it is swapped back or refused. */
  region?: { south: number; west: number; north: number; east: number };
  /** Walls need a city and a country; one-city sources give them here. */
  city?: string;
  country?: string;
  fields: {
    id: string[];
    title?: string[];
    artist?: string[];
    year?: string[];
    address?: string[];
    /** Fields holding a point: {lon, lat}, GeoJSON, esri {x, y}, a JSON string or 'lat, lon'. */
    point?: string[];
    latitude?: string[];
    longitude?: string[];
    /** The record's own page at the source. */
    url?: string[];
    city?: string[];
    country?: string[];
  };
  /** The record's own page when no field gives it: `{id}` is the record id. */
  recordUrl?: string;
  /** Which records are what: the first rule that matches decides; no match is not imported. */
  select: { kind: Kind; where?: Where }[];
  /** Records to refuse even though selected, with the reason for the report. */
  refuse?: { where: Where; reason: string }[];
  /** A text field saying the piece is gone: it imports as gone, the note is cut from the text. */
  goneNote?: { field: string; pattern: RegExp };
  /** Walls whose permit rule the source states this way. */
  permitWhere?: Where;
  /** The word a title-less record is named with: 'Mural by <artist>'. */
  untitled?: string;
  /**
   * A list of walls dated to one year: its walls import unverified and show the year until
   * players confirm them again (docs/decisions/026-walls-reports-moderation.md).
   */
  listedYear?: number;
  /** Who the app says listed such a wall ("Listed by the ACT Government, 2016"). */
  listedBy?: string;
}

const CC_BY = 'CC BY 4.0';

export const SOURCES: OpenDataSource[] = [
  {
    id: 'melbourne-outdoor-artworks',
    name: 'Outdoor artworks',
    publisher: 'City of Melbourne',
    page: 'https://data.melbourne.vic.gov.au/explore/dataset/outdoor-artworks/',
    url: 'https://data.melbourne.vic.gov.au/api/explore/v2.1/catalog/datasets/outdoor-artworks/records?limit=100&offset=0',
    format: 'opendatasoft',
    licence: CC_BY,
    attribution: 'City of Melbourne, Outdoor artworks (CC BY 4.0)',
    region: { south: -37.9, west: 144.85, north: -37.75, east: 145.05 },
    fields: {
      id: ['asset_id'],
      title: ['title'],
      artist: ['makers'],
      year: ['art_date'],
      address: ['location'],
      // Its latitude and longitude columns hold each other's values in every row.
      point: ['geo_point_2d', 'geo_point', 'geo_shape'],
    },
    // Most of the set is civic sculpture, fountains and memorials: only murals are street art.
    select: [{ kind: 'artwork', where: { object_type: ['Mural'] } }],
  },
  {
    id: 'brisbane-public-art',
    name: 'Public art',
    publisher: 'Brisbane City Council',
    page: 'https://data.brisbane.qld.gov.au/explore/dataset/public-art/',
    url: 'https://data.brisbane.qld.gov.au/api/explore/v2.1/catalog/datasets/public-art/exports/csv?use_labels=true',
    format: 'opendatasoft',
    licence: CC_BY,
    attribution: '© Brisbane City Council, Public art (CC BY 4.0)',
    region: { south: -27.7, west: 152.8, north: -27.0, east: 153.3 },
    fields: {
      id: ['index'],
      title: ['item_title'],
      artist: ['artist'],
      year: ['installed'],
      address: ['location'],
      point: ['geo_point_2d', 'geo_point'],
      latitude: ['latitude', 'lat'],
      longitude: ['longitude', 'long'],
    },
    select: [
      { kind: 'artwork', where: { materials: ['Painted mural'] } },
      { kind: 'artwork', where: { material: ['Painted mural'] } },
      { kind: 'artwork', where: { programme: ['Brisbane Canvas'] } },
    ],
  },
  {
    id: 'vancouver-public-art',
    name: 'Public art',
    publisher: 'City of Vancouver',
    page: 'https://opendata.vancouver.ca/explore/dataset/public-art/',
    url: 'https://opendata.vancouver.ca/api/explore/v2.1/catalog/datasets/public-art/exports/geojson',
    format: 'opendatasoft',
    licence: 'Open Government Licence – Vancouver',
    attribution:
      'Contains information licensed under the Open Government Licence – Vancouver (City of Vancouver, Public art)',
    region: { south: 49.19, west: -123.27, north: 49.32, east: -123.02 },
    fields: {
      id: ['registryid'],
      title: ['title_of_work'],
      year: ['yearofinstallation'],
      address: ['siteaddress'],
      point: ['geo_point_2d'],
      url: ['url'],
    },
    select: [{ kind: 'artwork', where: { type: ['Mural'], status: ['In place'] } }],
  },
  {
    id: 'chicago-mural-registry',
    name: 'Mural Registry',
    publisher: 'City of Chicago (DCASE)',
    page: 'https://data.cityofchicago.org/d/we8h-apcf',
    url: 'https://data.cityofchicago.org/resource/we8h-apcf.json?$order=mural_registration_id&$limit=1000',
    format: 'socrata',
    licence: 'City of Chicago Data Portal Terms of Use',
    attribution: 'City of Chicago, Mural Registry (data.cityofchicago.org)',
    region: { south: 41.6, west: -87.95, north: 42.1, east: -87.5 },
    fields: {
      id: ['mural_registration_id'],
      title: ['artwork_title'],
      artist: ['artist_credit'],
      year: ['year_installed'],
      address: ['street_address'],
      latitude: ['latitude'],
      longitude: ['longitude'],
    },
    select: [{ kind: 'artwork' }],
  },
  {
    id: 'act-artwork-assets',
    name: 'ACTGOV Artwork Assets',
    publisher: 'ACT Government',
    page: 'https://services1.arcgis.com/E5n4f1VY84i0xSjy/ArcGIS/rest/services/ACTGOV_Artwork_Assets/FeatureServer',
    url: 'https://services1.arcgis.com/E5n4f1VY84i0xSjy/ArcGIS/rest/services/ACTGOV_Artwork_Assets/FeatureServer/0/query?where=1%3D1&outFields=*&outSR=4326&f=json',
    format: 'arcgis',
    licence: CC_BY,
    attribution: 'ACT Government, Artwork Assets (CC BY 4.0)',
    region: { south: -35.93, west: 148.76, north: -35.12, east: 149.4 },
    city: 'Canberra',
    country: 'Australia',
    fields: {
      id: ['asset_id', 'objectid'],
      title: ['asset_name', 'name', 'title'],
      artist: ['artist'],
      year: ['year_installed', 'year'],
      address: ['location', 'address'],
    },
    select: [
      { kind: 'legal_wall', where: { asset_sub_type: ['Legal Graffiti Sites'] } },
      { kind: 'artwork', where: { asset_sub_type: ['Street Art', 'Painting Mural'] } },
    ],
  },
  {
    id: 'act-graffiti-sites-2016',
    name: 'Graffiti Sites (2016 list)',
    publisher: 'ACT Government',
    page: 'https://www.data.act.gov.au/Infrastructure-and-Utilities/Graffiti-Sites/wdpz-r2ns',
    format: 'socrata',
    licence: CC_BY,
    attribution: 'ACT Government, Graffiti Sites (CC BY 4.0)',
    region: { south: -35.93, west: 148.76, north: -35.12, east: 149.4 },
    city: 'Canberra',
    country: 'Australia',
    fields: {
      id: ['source_id', 'id'],
      title: ['location_desc'],
      address: ['suburb'],
      latitude: ['lat', 'latitude'],
      longitude: ['lng', 'longitude'],
    },
    select: [{ kind: 'legal_wall' }],
    listedYear: 2016,
    listedBy: 'the ACT Government',
  },
  {
    id: 'montreal-murales',
    name: 'Murales subventionnées',
    publisher: 'Ville de Montréal',
    page: 'https://donnees.montreal.ca/dataset/murales',
    format: 'ckan',
    licence: CC_BY,
    attribution: 'Ville de Montréal, Murales subventionnées (CC BY 4.0)',
    region: { south: 45.4, west: -73.98, north: 45.71, east: -73.47 },
    fields: {
      id: ['id'],
      artist: ['artiste'],
      year: ['annee'],
      address: ['adresse'],
      latitude: ['latitude'],
      longitude: ['longitude'],
    },
    select: [{ kind: 'artwork' }],
    goneNote: { field: 'artiste', pattern: /\s*-\s*Cette murale n'est plus visible\.?\s*$/i },
    untitled: 'Mural',
  },
  {
    id: 'osm-artworks',
    name: 'OpenStreetMap street art and legal walls (Overpass)',
    publisher: 'OpenStreetMap contributors',
    page: 'https://www.openstreetmap.org/copyright',
    format: 'overpass',
    licence: 'ODbL 1.0',
    attribution: '© OpenStreetMap contributors (ODbL)',
    fields: {
      id: ['@id'],
      title: ['name', 'name:en'],
      artist: ['artist_name'],
      year: ['start_date'],
      address: ['addr:street'],
      city: ['addr:city', 'addr:town', 'addr:village', 'addr:suburb'],
      country: ['addr:country'],
    },
    recordUrl: 'https://www.openstreetmap.org/{id}',
    select: [
      { kind: 'legal_wall', where: { leisure: ['drawing_surface'] } },
      { kind: 'legal_wall', where: { graffiti: ['yes'] } },
      {
        kind: 'artwork',
        where: { tourism: ['artwork'], artwork_type: ['mural', 'graffiti', 'street_art'] },
      },
    ],
    refuse: [
      { where: { access: ['private', 'no'] }, reason: 'access=private|no: not open to the public' },
    ],
    permitWhere: { access: ['permit'] },
    untitled: 'Street art',
  },
];

export function findSource(id: string): OpenDataSource {
  const source = SOURCES.find((s) => s.id === id);
  if (!source) {
    throw new Error(
      `Unknown source '${id}'. Known sources: ${SOURCES.map((s) => s.id).join(', ')}`,
    );
  }
  return source;
}
