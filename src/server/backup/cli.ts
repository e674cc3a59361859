import { runCommand } from '../process/cli-database.ts';
import { main } from './backup-command.ts';

runCommand(() => main(process.argv.slice(2)));
