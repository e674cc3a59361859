import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The GPX 1.1 schema's parts our files use (test/gpx/gpx-1.1.xsd). */
export const GPX_SCHEMA = path.resolve(import.meta.dirname, 'gpx/gpx-1.1.xsd');

/** xmllint's verdict on a GPX text against the GPX 1.1 schema: "" when it validates. */
export function gpxSchemaErrors(gpx: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-gpx-'));
  const file = path.join(dir, 'file.gpx');
  writeFileSync(file, gpx);
  try {
    execFileSync('xmllint', ['--noout', '--schema', GPX_SCHEMA, file], { stdio: 'pipe' });
    return '';
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
