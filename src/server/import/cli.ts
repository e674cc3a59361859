import { runCommand } from '../process/cli-database.ts';
import { main } from './import-walls-command.ts';

runCommand(() => main(process.argv.slice(2)));
