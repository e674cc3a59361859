/**
 * What a player may change in a refused item before sending it again: its words and its spot.
 * Which of these a create has depends on its kind (a discovery has all but content and label).
 */
export const EDITABLE_FIELDS = [
  { name: 'name', label: 'Name', kind: 'text', max: 120 },
  { name: 'title', label: 'Title', kind: 'text', max: 120 },
  { name: 'label', label: 'Label', kind: 'text', max: 80 },
  { name: 'description', label: 'Description', kind: 'long', max: 2000 },
  { name: 'content', label: 'Message', kind: 'long', max: 4000 },
  { name: 'note', label: 'Note', kind: 'long', max: 500 },
  { name: 'latitude', label: 'Latitude', kind: 'number', max: 0 },
  { name: 'longitude', label: 'Longitude', kind: 'number', max: 0 },
] as const;

export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** The editable fields this body has (a position is editable when it has one or needs one). */
export function fieldsOf(body: Record<string, unknown>, needsSpot: boolean): EditableField[] {
  return EDITABLE_FIELDS.filter(
    (field) =>
      field.name in body ||
      (needsSpot && (field.name === 'latitude' || field.name === 'longitude')),
  );
}
