import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/sign-in-schema.ts',
    './src/server/db/community-schema.ts',
    './src/server/db/payments-schema.ts',
    './src/server/db/moderation-schema.ts',
    './src/server/db/map-schema.ts',
    './src/server/db/oidc-schema.ts',
    './src/server/db/passkeys-schema.ts',
    './src/server/db/inbox-schema.ts',
    './src/server/db/challenges-schema.ts',
    './src/server/db/quests-schema.ts',
    './src/server/db/tours-schema.ts',
    './src/server/db/push-schema.ts',
    './src/server/db/artists-schema.ts',
    './src/server/db/multipart-schema.ts',
    './src/server/db/near-you-schema.ts',
  ],
  out: './src/server/db/migrations',
});
