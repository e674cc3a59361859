import { runCommand } from '../process/cli-database.ts';
import { main } from './open-data-command.ts';

runCommand(() => main(process.argv.slice(2)));
