import { parseArgs } from 'node:util';
import { STAFF_ROLES } from '../../core/roles.ts';
import { withCommandDatabase } from '../process/cli-database.ts';
import { isStaffRole } from '../../core/roles.ts';
import { grantRole, listStaff, revokeRole, RoleRefusal } from './roles.ts';

const USAGE = `Usage:
  npm run admin -- grant <moderator|admin> <username> --reason "why"
  npm run admin -- revoke <username> --reason "why"
  npm run admin -- list

Grants or revokes a staff role (revoke makes the account a player again), or lists
moderators and admins, in the database that DATABASE_URL / DATA_DIR point at (stop the app
first on the embedded database). Roles are given only here, never through the API; every
grant and revoke is kept in the moderation audit log with its reason.`;

function refuse(message: string): number {
  console.error(`${message}\n\n${USAGE}`);
  return 2;
}

/** The command run on `argv` (what follows the script on its command line); its exit code. */
export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { reason: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    return refuse((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.error(USAGE);
    return 0;
  }
  const [command, ...args] = positionals;
  const reason = values.reason;
  try {
    switch (command) {
      case 'grant': {
        if (args.length !== 2) return refuse('grant takes a role and a username.');
        const [role, username] = args as [string, string];
        if (!isStaffRole(role)) {
          return refuse(`Unknown role '${role}': grant one of ${STAFF_ROLES.join(', ')}.`);
        }
        if (!reason?.trim()) return refuse('A reason is required: --reason "why".');
        const change = await withCommandDatabase((db) => grantRole(db, { username, role, reason }));
        console.log(`${change.username} is now ${change.to} (was ${change.from}).`);
        return 0;
      }
      case 'revoke': {
        if (args.length !== 1) return refuse('revoke takes a username.');
        if (!reason?.trim()) return refuse('A reason is required: --reason "why".');
        const username = args[0]!;
        const change = await withCommandDatabase((db) => revokeRole(db, { username, reason }));
        console.log(`${change.username} is now a player (was ${change.from}).`);
        return 0;
      }
      case 'list': {
        if (args.length !== 0 || reason !== undefined) return refuse('list takes no arguments.');
        const staff = await withCommandDatabase(listStaff);
        if (staff.length === 0) console.log('No moderators or admins.');
        for (const s of staff) {
          const since = s.changedAt ? `  since ${s.changedAt.toISOString()}` : '';
          console.log(`${s.role.padEnd(10)} ${s.username}${since}`);
        }
        return 0;
      }
      default:
        return refuse(command ? `Unknown command '${command}'.` : 'Give a command.');
    }
  } catch (err) {
    if (err instanceof RoleRefusal) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
}
