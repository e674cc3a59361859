/**
 * Quests near you (docs/decisions/043-quests.md): small questions about the art and walls
 * around the player, made from the data and answered on the spot with a photo. The server
 * applies these numbers; the client imports them to show distances and rewards.
 */

export const QUEST_KINDS = ['still_there', 'needs_photo', 'visit_wall', 'who_painted'] as const;
export type QuestKind = (typeof QUEST_KINDS)[number];

export const QUEST_RULES = {
  /** Quests are looked for this far from the player: about a 20-minute walk. */
  searchRadiusKm: 1.5,
  /** A handful at a time, closest first. */
  maxQuests: 8,
  /** A piece nobody logged as found for this long asks "Is it still there?". */
  staleAfterDays: 180,
  /** An answer's reported position must be this close to the target, plus its accuracy… */
  answerBaseM: 50,
  /** …counted up to this much, so never more than 150 m in all. */
  accuracyCountedUpToM: 100,
} as const;

/**
 * Tokens for a counted answer, before the Pro multiplier: less than a find (20), since an answer
 * to an artwork's quest is also a find of it and earns that too; a photo nobody took yet earns
 * most, a name least (it is only a suggestion).
 */
export const QUEST_REWARDS: Record<QuestKind, number> = {
  still_there: 10,
  needs_photo: 15,
  visit_wall: 10,
  who_painted: 5,
};

/** Each kind's question, as its card and its "near you" notice ask it. */
export const QUEST_QUESTIONS: Record<QuestKind, string> = {
  still_there: 'Is it still there?',
  needs_photo: 'Needs a photo',
  visit_wall: 'Visit this wall',
  who_painted: 'Who painted this?',
};

/** The most an answer's position and its photo's own GPS may be from the target. */
export const MAX_ANSWER_RADIUS_M = QUEST_RULES.answerBaseM + QUEST_RULES.accuracyCountedUpToM;

/** How close the player must be, given how sure their device is of where they stand. */
export function answerRadiusM(accuracyM: number): number {
  return (
    QUEST_RULES.answerBaseM + Math.min(Math.max(accuracyM, 0), QUEST_RULES.accuracyCountedUpToM)
  );
}

/** The period of the quests a player answers once and for all. */
export const ONCE = 'once';

/**
 * The period a quest pays once in, per player and target: "Is it still there?" asks again each
 * calendar month (UTC) a piece stays unseen; the others are answered once.
 */
export function questPeriod(kind: QuestKind, at: Date): string {
  return kind === 'still_there' ? at.toISOString().slice(0, 7) : ONCE;
}

/** "40 m", "850 m", "4.9 km": how far, in an answer's refusal or on a quest card. */
export function distanceLabel(metres: number): string {
  if (Math.round(metres) < 1000) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toFixed(1)} km`;
}
