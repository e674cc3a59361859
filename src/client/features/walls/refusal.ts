import { toastFailure } from '../../hooks/toast-failure.ts';

/**
 * A mutation's onError for the walls' forms: a 401 goes to sign-in, any other refusal shows
 * the server's reason ("… is already mapped 40 m from here") under `title`.
 */
export const toastRefusal = (title: string) => toastFailure(title, 'Please try again.');
