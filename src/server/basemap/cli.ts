import { runCommand } from '../process/cli-database.ts';
import { main } from './basemap-command.ts';

runCommand(() => main(process.argv.slice(2)));
