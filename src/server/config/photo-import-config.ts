import { testOriginsOf } from './push-config.ts';

/**
 * PHOTO_IMPORT_TEST_ORIGINS (docs/decisions/048-photos-from-elsewhere.md): for tests only, the
 * origins of a test's own photo server on this machine, which photo links may reach although
 * they are local. Refused with NODE_ENV=production, where no link may reach this machine.
 */
export function photoImportTestOriginsFromEnv(env: NodeJS.ProcessEnv): {
  origins: string[];
  problems: string[];
} {
  const problems: string[] = [];
  const origins = testOriginsOf(
    'PHOTO_IMPORT_TEST_ORIGINS',
    env.PHOTO_IMPORT_TEST_ORIGINS,
    problems,
  );
  if (origins.length > 0 && env.NODE_ENV === 'production') {
    problems.push(
      '  PHOTO_IMPORT_TEST_ORIGINS: is for tests only and refused when NODE_ENV=production',
    );
  }
  return { origins: problems.length === 0 ? origins : [], problems };
}
