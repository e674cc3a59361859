export { SearchField } from './search-field.tsx';
export { EmptyState, LoadError } from './status-states.tsx';
