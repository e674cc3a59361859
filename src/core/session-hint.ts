/**
 * The cookie the server sets beside the HttpOnly session cookie, readable by the page: "this
 * browser holds a session" (docs/decisions/041-signed-out-without-401.md). It carries no secret;
 * under https it is named `__Host-ss_signed_in`.
 */
export const SESSION_HINT_COOKIE = 'ss_signed_in';
