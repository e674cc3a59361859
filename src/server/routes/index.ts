import type { FastifyInstance } from 'fastify';
import account from './account.ts';
import area from './area.ts';
import artistCredits from './artist-credits.ts';
import artists from './artists.ts';
import artworks from './artworks.ts';
import auth from './auth.ts';
import challenges from './challenges.ts';
import basemap from './basemap.ts';
import colourChart from './color-chart.ts';
import community from './community.ts';
import config from './config.ts';
import credentials from './credentials.ts';
import discoveries from './discoveries.ts';
import inbox from './inbox.ts';
import leaderboard from './leaderboard.ts';
import markers from './markers.ts';
import missions from './missions.ts';
import moderation from './moderation.ts';
import multipartUploads from './multipart-uploads.ts';
import objects from './objects.ts';
import oidc from './oidc.ts';
import passkeys from './passkeys.ts';
import photoImport from './photo-import.ts';
import privacy from './privacy.ts';
import profile from './profile.ts';
import quests from './quests.ts';
import push from './push.ts';
import reports from './reports.ts';
import sessions from './sessions.ts';
import stripeWebhook from './stripe-webhook.ts';
import subscription from './subscription.ts';
import tours from './tours.ts';
import wallet from './wallet.ts';
import walls from './walls.ts';

/** One plugin per API area (DESIGN: one route file per API area). */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    auth,
    oidc,
    config,
    basemap,
    area,
    discoveries,
    artworks,
    walls,
    markers,
    profile,
    account,
    sessions,
    credentials,
    passkeys,
    objects,
    multipartUploads,
    photoImport,
    community,
    leaderboard,
    challenges,
    privacy,
    artists,
    artistCredits,
    missions,
    colourChart,
    subscription,
    stripeWebhook,
    wallet,
    reports,
    moderation,
    inbox,
    tours,
    push,
    quests,
  ]) {
    await app.register(routes);
  }
}
