/** Limits of staff actions (docs/decisions/026), shared by the API schemas and the page. */
export const MODERATION_REASON_MAX = 500;
export const SUSPEND_DAYS_MIN = 1;
export const SUSPEND_DAYS_MAX = 365;
