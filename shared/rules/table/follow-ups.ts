/**
 * Follow-up prompts (issue 33): a prompt whose rolls depend on another prompt's roll, asked once that one is answered.
 * - 003 Twist 10 Fog of War: a unit arriving from reserve "roll[s] a dice the first time it does so. On a 1 or 2, it is
 *   delayed and cannot arrive this turn – it arrives in the following turn instead."
 * - 003 Twist 9 Orbital Debris: "For each roll of 6, they may pick a separate enemy unit and inflict D3 mortal wounds
 *   upon it."
 *
 * The table's log keeps a follow-up as a small record of what it needs (`FollowUpSeed`) in the tap that answered its
 * first prompt, and the prompt is built again from it: a later tap (a model put back in reserve by hand) never changes
 * what a follow-up asks, and a resumed game asks the same.
 */
import { z } from 'zod';
import { SideId } from '../game/plan';
import type { ReserveSelection } from '../mission-pack/reserves';
import type { FogOfWarPrompt, OrbitalDebrisWoundsPrompt, PromptMoment, TablePrompt } from './prompt-types';
import { promptRoll } from './prompt-types';

const Id = z.string().min(1).max(200);
const Parent = { side: SideId.nullable(), moment: z.enum(['turn-start', 'player-turn-start', 'turn-end']) };

/** What a follow-up needs, kept in the log with the answer of the prompt it follows. */
export const FollowUpSeed = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('fog-of-war'),
      ...Parent,
      arriving: z
        .array(z.object({ id: Id, name: z.string().max(300), mayDeepStrike: z.boolean().optional() }).strict())
        .min(1)
        .max(50),
      members: z.record(Id, z.array(Id).max(200)),
    })
    .strict(),
  z.object({ kind: z.literal('orbital-debris-wounds'), ...Parent, sixes: z.number().int().min(1).max(3), player: z.string().max(200) }).strict(),
]);
export type FollowUpSeed = z.infer<typeof FollowUpSeed>;

/** The prompt a follow-up is asked after: its id, turn, side and moment. */
export interface FollowUpParent {
  id: string;
  turn: number;
  side: TablePrompt['side'];
  moment: PromptMoment;
}

const base = (parent: FollowUpParent, suffix: string) => ({
  id: `${parent.id}-${suffix}`,
  turn: parent.turn,
  side: parent.side,
  moment: parent.moment,
  optional: false,
});

/**
 * 003 Twist 10 Fog of War, after a Reserves (or Last Stand reinforcements) roll brought units on: one D6 per unit.
 *
 * @example
 * fogOfWarPrompt({ id: 't3-player-turn-start-a-reserves', turn: 3, side: 'a', moment: 'player-turn-start' }, [{ id: 'vet', name: 'Veteran' }], { vet: ['vet'] }).rolls[0];
 * // → { purpose: 'Fog of War: Veteran', expression: 'D6', count: 1, target: { atLeast: 3, meaning: 'Veteran arrives now' } }
 */
export function fogOfWarPrompt(parent: FollowUpParent, arriving: readonly ReserveSelection[], members: Record<string, string[]>): FogOfWarPrompt {
  return {
    ...base(parent, 'fog-of-war'),
    kind: 'fog-of-war',
    arriving: [...arriving],
    members: Object.fromEntries(arriving.map((s) => [s.id, members[s.id] ?? []])),
    title: 'Fog of War',
    text: `Roll a dice for each arriving unit (${arriving.map((s) => s.name).join(', ')}): "On a 1 or 2, it is delayed and cannot arrive this turn – it arrives in the following turn instead."`,
    citation: '003 · Twist 10 Fog of War',
    rolls: arriving.map((s) => promptRoll('D6', `Fog of War: ${s.name}`, { atLeast: 3, meaning: `${s.name} arrives now` })),
  };
}

/**
 * 003 Twist 9 Orbital Debris, after the 3 dice: a D3 of mortal wounds for each 6, each on a separate enemy unit.
 *
 * @example
 * orbitalDebrisWoundsPrompt({ id: 't2-player-turn-start-a-orbital-debris', turn: 2, side: 'a', moment: 'player-turn-start' }, 2, 'Wolves').rolls.map((r) => r.expression);
 * // → ['D3', 'D3']
 */
export function orbitalDebrisWoundsPrompt(parent: FollowUpParent, sixes: number, player: string): OrbitalDebrisWoundsPrompt {
  return {
    ...base(parent, 'wounds'),
    kind: 'orbital-debris-wounds',
    sixes,
    player,
    title: 'Orbital Debris: mortal wounds',
    text: `${player} rolled ${sixes === 1 ? 'a 6' : `${sixes} sixes`}: "For each roll of 6, they may pick a separate enemy unit and inflict D3 mortal wounds upon it." Pick ${sixes === 1 ? 'the enemy unit' : `${sixes} separate enemy units`}, then roll a D3 for each.`,
    citation: '003 · Twist 9 Orbital Debris',
    rolls: Array.from({ length: sixes }, (_, i) => promptRoll('D3', `Orbital Debris: mortal wounds on enemy unit ${i + 1} of ${sixes} (${player})`, null)),
  };
}

/** What the log keeps of a follow-up (the inverse of `followUpOf`); null for a prompt that is not one. */
export function followUpSeedOf(prompt: TablePrompt): FollowUpSeed | null {
  const parent = { side: prompt.side, moment: prompt.moment };
  if (prompt.kind === 'fog-of-war') {
    const arriving = prompt.arriving.map((s) => ({ id: s.id, name: s.name, ...(s.mayDeepStrike === true ? { mayDeepStrike: true } : {}) }));
    return { kind: 'fog-of-war', ...parent, arriving, members: prompt.members };
  }
  if (prompt.kind === 'orbital-debris-wounds') return { kind: 'orbital-debris-wounds', ...parent, sixes: prompt.sixes, player: prompt.player };
  return null;
}

/** The follow-up prompt again, from the id and turn of the prompt it follows and what the log kept. */
export function followUpOf(parentId: string, turn: number, seed: FollowUpSeed): TablePrompt {
  const parent: FollowUpParent = { id: parentId, turn, side: seed.side, moment: seed.moment };
  return seed.kind === 'fog-of-war' ? fogOfWarPrompt(parent, seed.arriving, seed.members) : orbitalDebrisWoundsPrompt(parent, seed.sixes, seed.player);
}

/** An answered prompt as the prompts read it: its turn and the follow-ups its answer led to. */
export interface AnsweredWithFollowUps {
  turn?: number | undefined;
  followUps?: readonly FollowUpSeed[] | undefined;
}

/**
 * The follow-ups of turn `turn`: those of every prompt answered in that turn, in the order they were answered. A
 * follow-up's own answer may lead to more (none of today's do).
 */
export function followUpsOfTurn(answered: Readonly<Record<string, AnsweredWithFollowUps>>, turn: number): TablePrompt[] {
  return Object.entries(answered)
    .filter(([, a]) => a.turn === turn)
    .flatMap(([key, a]) => (a.followUps ?? []).map((seed) => followUpOf(key, turn, seed)));
}
