/** Who is Pro. Pro lasts while the subscription is active and its paid period has not ended. */

export const PRO_STATUSES = ['active', 'trialing'] as const;

export function isProActive(
  status: string | null | undefined,
  periodEnd: Date | null | undefined,
  now: Date = new Date(),
): boolean {
  if (!status || !(PRO_STATUSES as readonly string[]).includes(status)) return false;
  return !periodEnd || periodEnd.getTime() > now.getTime();
}
