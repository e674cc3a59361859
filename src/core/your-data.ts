/** Who a deleted account's forum posts and first finds are shown as (docs/decisions/027). */
export const DELETED_PLAYER = 'deleted player';

/** The file inside the data download that holds everything but the photos. */
export const DATA_EXPORT_FILE = 'streetscope-data.json';
