/** What an audit log entry's action says after the actor's name: "mod_anna restored …". */
export const ACTION_LABELS: Record<string, string> = {
  hide: 'hid',
  restore: 'restored',
  keep_hidden: 'kept hidden and closed the reports on',
  verify_wall: 'verified the wall',
  close_wall: 'closed the wall',
  release_log: 'released the log',
  void_log: 'voided the log',
  suspend: 'suspended',
  lift_suspension: 'lifted the suspension of',
  clear_account_flag: 'cleared the flag on',
  grant_role: 'changed the role of',
  revoke_role: 'changed the role of',
  refused: 'was refused acting on',
};
