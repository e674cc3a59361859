import { beforeAll } from 'vitest';
import type { InboxPage } from '../src/core/schemas/inbox.ts';
import type { ModerationQueues } from '../src/core/schemas/moderation.ts';
import { signUp, useUnlimitedApp, type Player, type TestApp } from './app.ts';
import { signUpEstablished, signUpModerator } from './moderation.ts';

/** Who the artist report tests need (docs/decisions/049), and what they read. */
export interface ReportCast {
  app: () => TestApp;
  mod: Player;
  /** Two established players: their reports together hide what is hidden by reports. */
  reporters: Player[];
  /** A new player, whose reports hide nothing. */
  reader: Player;
}

/** A test app of the file's own, with its moderator, two established reporters and a reader. */
export function useReportCast(): ReportCast {
  const app = useUnlimitedApp();
  const cast = { app } as ReportCast;
  beforeAll(async () => {
    const { app: server, db } = app();
    cast.mod = await signUpModerator(server, db);
    cast.reporters = [await signUpEstablished(server, db), await signUpEstablished(server, db)];
    cast.reader = await signUp(server);
  });
  return cast;
}

/** The report queue's group for this target, if it is queued. */
export const queuedReport = async (mod: Player, targetId: string) =>
  (await mod.request({ url: '/api/moderation/queues' }))
    .json<ModerationQueues>()
    .reports.items.find((g) => g.targetId === targetId);

/** The player's inbox, as kind, title and link. */
export const inboxOf = async (player: Player) =>
  (await player.request({ url: '/api/inbox' }))
    .json<InboxPage>()
    .items.map((i) => ({ kind: i.kind, title: i.title, link: i.link }));
