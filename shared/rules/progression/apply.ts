/**
 * Over 400 lines: applyGame's steps in the seeds' order; split, one fixed order of ledger entries would be scattered.
 * applyGame(): what a finished game means for the two teams' progression, as ledger entries in a fixed order
 * (docs/architecture.md "Progression is a ledger"; docs/progression.md for both presets; seed 004 for the
 * missions' Bonus Campaign Experience, Non-Learning and the relic cash-in).
 *
 * Order of the entries (and of the dice, so the same seed always gives the same entries):
 *  1. `exp.gained`   — seed 004 Bonus Campaign Experience (side a's models then side b's, as bonusCampaignExperience
 *                      lists them), then the organiser's EXP awards (Experience & Levels), side a then b;
 *  2. `injury.rolled` (+ `model.died`) — every model taken out of action, side a then b, in the order of the facts;
 *  3. `level.reached` + `advance.rolled` — Experience & Levels only, surviving models, side a then b;
 *  4. `req.awarded`  — the requisition awards table, side a then b;
 *     `req.chart`    — the requisition chart (when the ruleset uses one), side a then b ("both players have rolled");
 *     `req.underdog` — the Underdog bonus, side a then b;
 *  5. `relic.cashed` — Relic Hunt: D6 per relic, side a then b, "added once both players have rolled on the
 *                      Requisition Chart" (seed 004).
 */
import { z } from 'zod';
import type { DiceSource, RollRecord } from '../dice';
import { cite004, citeText } from '../hor/cite';
import { bonusCampaignExperience } from '../hor/experience';
import type { GameFacts, Side } from '../hor/facts';
import { GameFactsError, SIDES, opponent, sideModels, sideName } from '../hor/facts';
import { isMissionId } from '../hor/missions';
import type { Outcome } from '../hor/scoring';
import { cashInRelics } from '../hor/relics';
import { MissingTableError, requireTable, requiredTables } from '../presets/require';
import type { ProgressionTableKey } from '../presets/require';
import { rollOnTable } from '../ruleset/roll-table';
import type { TableResult } from '../ruleset/roll-table';
import type { LevelThreshold, ModelType, Readings, RequisitionAward, Ruleset } from '../ruleset/schema';
import { RuleId, allTables } from '../ruleset/schema';
import { squadOfMember } from '../game/squads';
import { readingTag, resultReading } from '../game/result-readings';
import { modelRef } from '../model-ref';
import { awardedModel, expHolder, expHolders } from './squad-experience';
import type { InjuryResult, ProgressionEntry } from './entries';
import { PROGRESSION_ENTRY_VERSION } from './entries';

const Id = z.string().min(1).max(120);

/**
 * Per-side facts the requisition awards need beyond GameFacts (docs/progression.md "Requisition awards"). Optional fields
 * are worked out from GameFacts when left out; give them to override (e.g. the players agree otherwise).
 */
export const SideAwardsFacts = z
  .object({
    /** First Blood: this side caused the first casualty of the game. At most one side. */
    firstBlood: z.boolean(),
    /** Kayfabe: the opponent awards it for playing in character. */
    kayfabe: z.boolean(),
    /** Mistakes Were Made: how many of this side's models were lost by misadventure (Gets Hot, falls, failed jumps…). */
    misadventureLosses: z.number().int().min(0),
    /** Sweeping Advance: routed the opponent off the table. Default: the opponent failed a Run Away! test. */
    routedOpponent: z.boolean().optional(),
    /** Assassin: the enemy Team Leader was removed as a casualty. Default: an enemy Team Leader is not alive at the end. */
    enemyTeamLeaderRemoved: z.boolean().optional(),
    /** Linebreaker: a model in the enemy deployment zone at the end. Default: a living model with `inEnemyDeploymentZone`. */
    linebreaker: z.boolean().optional(),
    /** Ids of organiser-added requisition awards this side earned (awards the app has no rule for). */
    otherAwards: z.array(RuleId).default([]),
    /** Experience & Levels: organiser-entered EXP awards earned by this side's models (`times` for "per kill" awards). */
    expAwards: z.array(z.object({ model: Id, award: RuleId, times: z.number().int().min(1).default(1) })).default([]),
    /**
     * Medical Gear (docs/progression.md: "one injury re-roll per battle"): the model whose injury roll the player re-rolls.
     * The player decides after seeing the first result: the same seed gives the same first results, so the app can
     * show them, ask, and apply the game again with this set. The second result stands; both rolls are logged.
     */
    injuryReroll: Id.optional(),
  })
  .strict();
export type SideAwardsFacts = z.infer<typeof SideAwardsFacts>;
export type SideAwardsFactsInput = z.input<typeof SideAwardsFacts>;

/** A model's progression before the game (from projectModels). Models not listed start at 0 EXP, level 0, alive. */
export const ModelProgressState = z.object({
  model: Id,
  exp: z.number().int().min(0),
  level: z.number().int().min(0),
  dead: z.boolean().default(false),
});
export type ModelProgressState = z.infer<typeof ModelProgressState>;

/** A team before the game: its campaign id, its Threat (see threat() in project.ts) and its models' progression. */
export const TeamState = z.object({
  team: Id,
  threat: z.number().int().min(0),
  models: z.array(ModelProgressState).default([]),
  /** Ids of the team-wide (Kill Team group) honours the team holds, e.g. "medical-gear". */
  honours: z.array(RuleId).default([]),
});
export type TeamState = z.infer<typeof TeamState>;
export type TeamStateInput = z.input<typeof TeamState>;

/** How applyGame takes its input. */
export interface ApplyOptions {
  /**
   * The awards and team states are complete as built by the caller from checked records (the history's replay: every
   * default filled in), so they are not parsed again; the rules' own checks (validate) still run.
   */
  complete?: boolean;
}

export interface ApplyGameInput {
  /** The game's id: every entry is tied to it (voidGame). */
  gameId: string;
  /** The campaign's pinned ruleset. */
  ruleset: Ruleset;
  /**
   * The mission: a seed-004 mission gives its Bonus Campaign Experience (and, for Relic Hunt, the relic cash-in); any
   * other (one of seed 003's, which print no campaign experience) gives none.
   */
  missionId: string;
  facts: GameFacts;
  /** The result (hor/scoring scoreMission → outcome, or what the players recorded). */
  winner: Side | 'draw';
  awards: Record<Side, SideAwardsFactsInput>;
  teams: Record<Side, TeamStateInput>;
  /**
   * The Threat of every team in the campaign (these two included), for the Underdog. Default: the two teams' Threats.
   */
  campaignThreats?: readonly number[];
  /** The game's VP (hor/scoring), for Victory when the club reads it as "most VP" (`Readings.victoryAward`). */
  vp?: Record<Side, number>;
}

// The label stored in entries' citations for docs/progression.md (kept: stored entries and pinned rulesets carry it).
const PROGRESSION = 'PROGRESSION.md';
const LEVELS_CITATION = `${PROGRESSION} · Preset "HoR campaign, Experience & Levels"`;
const RELIC_CITATION = citeText(cite004('Mission 2: Relic Hunt / Bonus Campaign Experience'));
const INJURY_KEY: Record<ModelType, ProgressionTableKey> = { 'team-leader': 'injury-team-leader', special: 'injury-special', core: 'injury-core' };
/** The Kill Team honour that gives "one injury re-roll per battle" (docs/progression.md "Injuries", "Re-rolls"). */
export const MEDICAL_GEAR = 'medical-gear';
const TYPE_NAME: Record<ModelType, string> = { 'team-leader': 'Team Leader', special: 'Special', core: 'Core' };

/**
 * Underdog (docs/progression.md: "×1.5 — the team with the lowest Threat"). A team is the Underdog when no other team
 * in the campaign has a lower Threat. When several teams share the lowest Threat the table (which names "the team",
 * one) leaves it open: the club's reading `underdogOnTie` (game/result-readings.ts) — by default no Underdog, since
 * new teams all start at Threat 3 and a tie would otherwise give every team ×1.5 from the first game. Without
 * `campaignThreats` only the two teams of the game are compared.
 *
 * @example
 * isUnderdog(3, [3, 4, 5]); // → true
 * isUnderdog(3, [3, 3, 5]); // → false (a tie for the lowest: no Underdog)
 * isUnderdog(3, [3, 3, 5], 'every-tied-team'); // → true
 */
export function isUnderdog(threat: number, campaignThreats: readonly number[], onTie: UnderdogOnTie = 'no-underdog'): boolean {
  const lowest = Math.min(...campaignThreats);
  if (threat > lowest) return false;
  return onTie === 'every-tied-team' || campaignThreats.filter((t) => t === threat).length <= 1;
}

/** The club's reading of a tie for the lowest Threat (`Readings.underdogOnTie`). */
export type UnderdogOnTie = NonNullable<Readings['underdogOnTie']>;

/**
 * The extra Req of a multiplier: Req are whole points, so the extra is rounded down (×1.5 of 25 adds 12, not 12.5).
 * Reading: the rules do not say how to round; rounding down never gives Req the rules might not.
 *
 * @example
 * multiplierBonus(25, 1.5); // → 12
 */
export function multiplierBonus(base: number, factor: number): number {
  return Math.max(0, Math.floor(base * (factor - 1)));
}

/**
 * The Req a requisition chart row gives. Reading: a DiceTableRow holds no number, so an organiser writes the amount
 * in the row's result id as `req-<n>` (e.g. "req-15"); any other result gives 0 here and its text is recorded for
 * the organiser to apply by hand.
 *
 * @example
 * chartRowReq('req-15'); // → 15
 * chartRowReq('new-recruit'); // → 0
 */
export function chartRowReq(result: string): number {
  const m = /^req-(\d+)$/.exec(result);
  return m ? Number(m[1]) : 0;
}

/**
 * The highest level whose threshold the EXP reaches (0 below the first threshold).
 *
 * @example
 * levelFor(5, [{ level: 1, exp: 2 }, { level: 2, exp: 4 }, { level: 3, exp: 8 }]); // → 2
 */
export function levelFor(exp: number, thresholds: readonly LevelThreshold[]): number {
  return thresholds.reduce((best, t) => (exp >= t.exp && t.level > best ? t.level : best), 0);
}

function injuryResult(results: readonly TableResult[]): InjuryResult {
  const [first, second] = results;
  if (!first) throw new Error('An injury roll gave no result.');
  const text = results.map((r) => r.row.text).join(' ');
  switch (first.row.result) {
    case 'dead':
      return { kind: 'dead', text };
    case 'permanent-injury':
      return second ? { kind: 'permanent-injury', characteristic: second.row.result, text } : { kind: 'other', result: first.row.result, text };
    case 'mauled':
      return second ? { kind: 'mauled', effect: second.row.result, text } : { kind: 'other', result: first.row.result, text };
    case 'full-recovery':
    case 'recovered':
      return { kind: 'recovered', text };
    default:
      return { kind: 'other', result: first.row.result, text };
  }
}

/** Every check that can fail, before any die is rolled (a physical roll typed in is never wasted). */
function validate(input: ApplyGameInput, awards: Record<Side, SideAwardsFacts>, teams: Record<Side, TeamState>): void {
  const { ruleset } = input;
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const m of input.facts.models) {
    if (ids.has(m.id)) problems.push(`Two models have the id "${m.id}".`);
    ids.add(m.id);
  }
  if (awards.a.firstBlood && awards.b.firstBlood) problems.push('Only one side can cause the first casualty (First Blood).');
  if (teams.a.team === teams.b.team) problems.push(`A team cannot play against itself ("${teams.a.team}").`);
  for (const side of SIDES) {
    const own = sideModels(input.facts, side);
    if (own.length === 0) problems.push(`${sideName(side)} has no models in the game.`);
    const casualties = own.filter((m) => !m.aliveAtEnd).length;
    if (awards[side].misadventureLosses > casualties) {
      problems.push(`${sideName(side)} lost ${awards[side].misadventureLosses} models by misadventure but only ${casualties} were removed as casualties.`);
    }
    for (const s of teams[side].models) {
      // A Squad's members are interchangeable (game/squads.ts): a dead member took one model off the squad, and the
      // member number is reused by the models left, so only single models are checked here.
      if (s.dead && squadOfMember(s.model) === null && own.some((m) => m.id === s.model))
        problems.push(`Model "${s.model}" of ${sideName(side)} is dead and cannot have played.`);
    }
    const reroll = awards[side].injuryReroll;
    if (reroll !== undefined) {
      if (!teams[side].honours.includes(MEDICAL_GEAR)) problems.push(`${sideName(side)} has no Medical Gear honour to re-roll an injury.`);
      if (!own.some((m) => m.id === reroll && !m.aliveAtEnd))
        problems.push(`Medical Gear: "${reroll}" is not a model of ${sideName(side)} taken out of action.`);
    }
    for (const e of awards[side].expAwards) {
      // A model, or a Squad named by its roster id (squad-experience.ts).
      const model = awardedModel(own, e.model);
      const award = (ruleset.progression.experience.awards ?? []).find((a) => a.id === e.award);
      if (!model) problems.push(`EXP award "${e.award}": ${sideName(side)} has no model "${e.model}" in this game.`);
      // A Squad's members are interchangeable (game/squads.ts): by the club's reading "Squads and EXP" (default) no
      // one member can carry experience from game to game; with 'as-one-model' the squad keeps it on its roster line.
      if (model && squadOfMember(model.id) !== null && resultReading(ruleset, 'squadExperience') === 'no-exp')
        problems.push(
          `EXP award "${e.award}": ${e.model === model.id ? `${modelRef(model.id)} is one member of a Squad` : `${modelRef(e.model)} is a Squad`}, and in this campaign squads gain no EXP (${readingTag('squadExperience', 'no-exp')}; House rules can change it).`,
        );
      if (!award) problems.push(`The ruleset '${ruleset.name}' has no EXP award "${e.award}".`);
      if (model && award && !award.modelTypes.includes(model.type)) {
        problems.push(
          `EXP award "${award.name}" is for ${award.modelTypes.map((t) => TYPE_NAME[t]).join(', ')} models; "${model.id}" is ${TYPE_NAME[model.type]}.`,
        );
      }
    }
    for (const id of awards[side].otherAwards) {
      if (!(ruleset.progression.requisition.awards ?? []).some((a) => a.id === id))
        problems.push(`The ruleset '${ruleset.name}' has no requisition award "${id}".`);
    }
  }
  if (resultReading(ruleset, 'victoryAward') === 'most-vp' && input.vp === undefined)
    problems.push("The club gives Victory to the side with the most VP, but the game's VP were not given.");
  if (problems.length > 0) throw new GameFactsError(problems);
  // Ruleset data the engine cannot apply: refused before any die is rolled, never guessed.
  for (const m of ruleset.progression.requisition.multipliers) {
    if (m.id !== 'underdog') {
      throw new Error(
        `The requisition multiplier "${m.name}" (${m.id}) has no rule in the app yet: only "underdog" is applied. Remove "${m.name}" from the ruleset's requisition multipliers to apply this game.`,
      );
    }
  }
  for (const award of ruleset.progression.requisition.awards ?? []) {
    if (award.req < 0) throw new Error(`The requisition award "${award.name}" takes Req away (${award.req}); enter it as a Req adjustment instead.`);
  }
}

/**
 * The progression entries of one finished game, in the fixed order described at the top of this file.
 * Throws MissingTableError (presets/require) naming the first progression table the ruleset still lacks — before
 * any die is rolled, and never with invented numbers — and GameFactsError when the facts contradict each other.
 *
 * @example
 * const awards = { firstBlood: false, kayfabe: false, misadventureLosses: 0 };
 * const facts: GameFacts = { ending: { kind: 'turns' }, models: [
 *   { id: 'a-boss', side: 'a', type: 'team-leader', aliveAtEnd: true },
 *   { id: 'b-sarge', side: 'b', type: 'team-leader', aliveAtEnd: true },
 * ] };
 * const ledger = applyGame({ gameId: 'g1', ruleset: battleHonoursPreset(), missionId: 'skirmish', facts, winner: 'draw',
 *   awards: { a: awards, b: awards }, teams: { a: { team: 'orks', threat: 3 }, b: { team: 'guard', threat: 3 } } }, new PhysicalDice());
 * ledger.filter((e) => e.team === 'orks').map((e) => e.kind === 'req.awarded' && e.award);
 * // → ['took-part', 'stalemate', 'considerate-commander']
 */
export function applyGame(input: ApplyGameInput, dice: DiceSource, options: ApplyOptions = {}): ProgressionEntry[] {
  const { ruleset, facts, gameId, winner } = input;
  const p = ruleset.progression;
  // docs/progression.md: "Until a table is filled in, the app says exactly which table is missing… it never invents numbers".
  for (const key of requiredTables(ruleset)) requireTable(ruleset, key);

  const [awards, teams] = options.complete
    ? [input.awards as Record<Side, SideAwardsFacts>, input.teams as Record<Side, TeamState>]
    : [
        { a: SideAwardsFacts.parse(input.awards.a), b: SideAwardsFacts.parse(input.awards.b) },
        { a: TeamState.parse(input.teams.a), b: TeamState.parse(input.teams.b) },
      ];
  validate(input, awards, teams);

  const entries: ProgressionEntry[] = [];
  const common = (side: Side, rolls: RollRecord[], citation: string) => ({
    v: PROGRESSION_ENTRY_VERSION,
    id: `${gameId}/${entries.length + 1}`,
    gameId,
    team: teams[side].team,
    rolls,
    voided: false,
    citation,
  });
  const stateOf = (side: Side, model: string) => teams[side].models.find((s) => s.model === model);
  const expGained = new Map<string, number>();

  // 1. EXP. Seed 004 Bonus Campaign Experience (Non-Learning models are left out by bonusCampaignExperience).
  const outcome: Outcome =
    winner === 'draw' ? { kind: 'draw', reason: 'Recorded as a draw.' } : { kind: 'win', winner, automatic: false, reason: `${sideName(winner)} won.` };
  // The ruleset's copy of the mission (a club's own, or seed 004's with the values the club changed: issue 19).
  // Seed 003's missions print no Bonus Campaign Experience: none is invented for them.
  const mission = ruleset.missions.find((m) => m.id === input.missionId) ?? (isMissionId(input.missionId) ? input.missionId : null);
  const bonus = mission !== null ? bonusCampaignExperience(mission, facts, outcome) : { awards: [] };
  for (const side of SIDES) {
    for (const line of bonus.awards.filter((l) => l.side === side)) {
      entries.push({
        ...common(side, [], line.citation),
        kind: 'exp.gained',
        model: line.modelId,
        amount: line.exp,
        source: line.bonusId,
        reason: line.reason,
      });
      expGained.set(line.modelId, (expGained.get(line.modelId) ?? 0) + line.exp);
    }
  }
  // Organiser-entered EXP awards (Experience & Levels; the Battle Honours preset has none).
  const expAwardTable = requireTable(ruleset, 'experience-awards');
  for (const side of SIDES) {
    for (const earned of awards[side].expAwards) {
      const award = expAwardTable.find((a) => a.id === earned.award);
      const model = awardedModel(sideModels(facts, side), earned.model);
      if (!award || !model) continue; // checked by validate()
      const amount = award.exp * earned.times;
      // Seed 004 "Non-Learning": "The model never gains Experience Points."
      if (model.nonLearning || amount === 0) continue;
      // A squad member's EXP goes on the squad's roster line (validate() refused it unless the club reads it so).
      const holder = expHolder(model.id);
      const asSquad = holder !== model.id ? ` (${readingTag('squadExperience', 'as-one-model')})` : '';
      const reason = `${award.name}${earned.times > 1 ? ` ×${earned.times}` : ''} +${amount} EXP${asSquad}`;
      entries.push({ ...common(side, [], citeText(award.citation)), kind: 'exp.gained', model: holder, amount, source: award.id, reason });
      expGained.set(holder, (expGained.get(holder) ?? 0) + amount);
    }
  }

  // 2. Injuries: "after each game, for every model taken out of action", on the table of its model type (the type in
  // its Team List: Squad makes a model Core only for VP and bonus EXP, seed 004 "Squad").
  const died = new Set<string>();
  const tables = allTables(ruleset);
  for (const side of SIDES) {
    for (const m of sideModels(facts, side).filter((x) => !x.aliveAtEnd)) {
      const table = ruleset.progression.injuries[m.type];
      if (table === null) throw new MissingTableError(ruleset.name, INJURY_KEY[m.type]);
      const purpose = `Injury, ${sideName(side)}, ${TYPE_NAME[m.type]} "${m.id}"`;
      let rolled = rollOnTable(table, dice, purpose, tables);
      if (awards[side].injuryReroll === m.id) {
        const again = rollOnTable(table, dice, `${purpose} (Medical Gear re-roll)`, tables);
        rolled = { results: again.results, rolls: [...rolled.rolls, ...again.rolls] };
      }
      const result = injuryResult(rolled.results);
      const roll = rolled.results[0]?.roll.total ?? 0;
      const citation = citeText(table.citation);
      entries.push({ ...common(side, rolled.rolls, citation), kind: 'injury.rolled', model: m.id, modelType: m.type, table: table.id, roll, result });
      if (result.kind === 'dead') {
        died.add(m.id);
        entries.push({ ...common(side, [], citation), kind: 'model.died', model: m.id, reason: `Injury roll ${roll}: ${result.text}` });
      }
    }
  }

  // 3. Levels and advances (Experience & Levels): each threshold newly reached gives one advance roll.
  if (p.system === 'experience-levels') {
    const thresholds = requireTable(ruleset, 'level-thresholds');
    const advanceTable = requireTable(ruleset, 'advance-table');
    for (const side of SIDES) {
      // Each model, and each Squad once (its roster line keeps any EXP its members earned: squad-experience.ts).
      for (const m of expHolders(sideModels(facts, side), died)) {
        const gained = expGained.get(m.id) ?? 0;
        if (gained === 0 || m.gone) continue;
        const before = stateOf(side, m.id);
        const oldLevel = before?.level ?? 0;
        const newLevel = levelFor((before?.exp ?? 0) + gained, thresholds);
        for (let level = oldLevel + 1; level <= newLevel; level++) {
          const threshold = thresholds.find((t) => t.level === level)?.exp ?? 0;
          entries.push({ ...common(side, [], LEVELS_CITATION), kind: 'level.reached', model: m.id, level, threshold });
          const rolled = rollOnTable(advanceTable, dice, `Advance, ${sideName(side)}, "${m.id}" level ${level}`, tables);
          const [first, ...rest] = rolled.results;
          if (!first) throw new Error('An advance roll gave no result.');
          entries.push({
            ...common(side, rolled.rolls, citeText(advanceTable.citation)),
            kind: 'advance.rolled',
            model: m.id,
            level,
            table: advanceTable.id,
            result: first.row.result,
            text: first.row.text,
            followUps: rest.map((r) => ({ table: r.table, result: r.row.result, text: r.row.text })),
          });
        }
      }
    }
  }

  // 4. Requisition: the awards table, then the chart (when used), then the Underdog bonus on both.
  const awardTable = requireTable(ruleset, 'requisition-awards');
  const multipliers = p.requisition.multipliers;
  const baseReq: Record<Side, number> = { a: 0, b: 0 };
  for (const side of SIDES) {
    for (const award of awardTable) {
      const reason = earnedAward(award, side, input, awards[side]);
      if (reason === null) continue;
      entries.push({
        ...common(side, [], citeText(award.citation)),
        kind: 'req.awarded',
        award: award.id,
        amount: award.req,
        reason: `${award.name} +${award.req}: ${reason}`,
      });
      baseReq[side] += award.req;
    }
  }
  if (p.requisition.usesChart) {
    const chart = requireTable(ruleset, 'requisition-chart');
    for (const side of SIDES) {
      const rolled = rollOnTable(chart, dice, `Requisition chart, ${sideName(side)}`, tables);
      const last = rolled.results[rolled.results.length - 1];
      if (!last) throw new Error('A requisition chart roll gave no result.');
      const amount = chartRowReq(last.row.result);
      entries.push({
        ...common(side, rolled.rolls, citeText(chart.citation)),
        kind: 'req.chart',
        table: chart.id,
        result: last.row.result,
        text: rolled.results.map((r) => r.row.text).join(' '),
        amount,
      });
      baseReq[side] += amount;
    }
  }
  const underdog = multipliers.find((m) => m.id === 'underdog');
  const threats = input.campaignThreats ?? [teams.a.threat, teams.b.threat];
  const onTie = resultReading(ruleset, 'underdogOnTie');
  const isTheUnderdog = (side: Side) => underdog !== undefined && isUnderdog(teams[side].threat, threats, onTie);
  const underdogOn = (side: Side, base: number, what: string) => {
    if (!underdog) return;
    const amount = multiplierBonus(base, underdog.factor);
    if (amount === 0) return;
    // Where a reading gave this entry, its reason names it (the ledger keeps it for the recorded game).
    const tags = [
      ...(threats.filter((t) => t === teams[side].threat).length > 1 ? [readingTag('underdogOnTie', onTie)] : []),
      ...(what !== 'Req' ? [readingTag('underdogRelics', 'multiplied')] : []),
    ];
    const by = tags.length > 0 ? ` (${tags.join('; ')})` : '';
    const reason = `${underdog.name} ×${underdog.factor}: Threat ${teams[side].threat} is the lowest in the campaign${by}; ${base} ${what} become ${base + amount}.`;
    entries.push({ ...common(side, [], citeText(underdog.citation)), kind: 'req.underdog', factor: underdog.factor, base, amount, reason });
  };
  for (const side of SIDES) if (isTheUnderdog(side)) underdogOn(side, baseReq[side], 'Req');

  // 5. Relic cash-in, after both players' requisition (seed 004). Relics are held by models alive at the end. Whether
  // the Underdog's ×1.5 multiplies it is the club's reading `underdogRelics` (default: added as rolled).
  if (input.missionId === 'relic-hunt') {
    const multiplied = resultReading(ruleset, 'underdogRelics') === 'multiplied';
    for (const side of SIDES) {
      const relics = sideModels(facts, side)
        .filter((m) => m.aliveAtEnd)
        .reduce((s, m) => s + (m.relicsCarried ?? 0), 0);
      if (relics === 0) continue;
      const cash = cashInRelics(side, relics, dice);
      entries.push({ ...common(side, cash.rolls, RELIC_CITATION), kind: 'relic.cashed', relics, amount: cash.req });
      if (multiplied && isTheUnderdog(side)) underdogOn(side, cash.req, 'Req from relics');
    }
  }
  return entries;
}

/** The requisition awards earnedAward works out from the result itself; any other award is one the players tick. */
export const BUILT_IN_REQ_AWARDS: ReadonlySet<string> = new Set([
  'took-part',
  'victory',
  'stalemate',
  'assassin',
  'considerate-commander',
  'sweeping-advance',
  'first-blood',
  'linebreaker',
  'mistakes-were-made',
  'kayfabe',
]);

/**
 * Why `side` earned `award`, or null. The ids are those of the Battle Honours preset (docs/progression.md "Requisition
 * awards"); any other id is earned when the players list it in `otherAwards`.
 */
function earnedAward(award: RequisitionAward, side: Side, input: ApplyGameInput, facts: SideAwardsFacts): string | null {
  const own = sideModels(input.facts, side);
  const enemy = sideModels(input.facts, opponent(side));
  const ending = input.facts.ending;
  switch (award.id) {
    case 'took-part':
      return 'played the mission';
    case 'victory':
      return victoryReason(side, input);
    case 'stalemate':
      return input.winner === 'draw' ? 'the game was a draw' : null;
    case 'assassin': {
      const removed = facts.enemyTeamLeaderRemoved ?? enemy.some((m) => m.type === 'team-leader' && !m.aliveAtEnd);
      return removed ? 'the enemy Team Leader was removed as a casualty' : null;
    }
    case 'considerate-commander': {
      // Reading: "75 % of own models survived" = at least 75 % of the models that played are alive at the end of
      // the game (before injury rolls), so the awards do not depend on the injury dice.
      const alive = own.filter((m) => m.aliveAtEnd).length;
      return own.length > 0 && alive * 4 >= own.length * 3 ? `${alive} of ${own.length} models survived` : null;
    }
    case 'sweeping-advance': {
      const routed = facts.routedOpponent ?? (ending.kind === 'run-away' && ending.side === opponent(side));
      return routed ? 'routed the opponent off the table' : null;
    }
    case 'first-blood':
      return facts.firstBlood ? 'caused the first casualty' : null;
    case 'linebreaker': {
      const broke = facts.linebreaker ?? own.some((m) => m.aliveAtEnd && m.inEnemyDeploymentZone === true);
      return broke ? 'a model in the enemy deployment zone at the end' : null;
    }
    case 'mistakes-were-made':
      return facts.misadventureLosses >= 3 ? `lost ${facts.misadventureLosses} models by misadventure` : null;
    case 'kayfabe':
      return facts.kayfabe ? 'awarded by the opponent for playing in character' : null;
    default:
      return facts.otherAwards.includes(award.id) ? award.condition : null;
  }
}

/**
 * Victory (docs/progression.md: "+10 — most VP"). Who gets it when a team won automatically "regardless of VPs" (004
 * Step 5) with fewer VP is the club's reading `victoryAward`: by default the winner; or the side with the most VP.
 */
function victoryReason(side: Side, input: ApplyGameInput): string | null {
  if (resultReading(input.ruleset, 'victoryAward') === 'the-winner') return input.winner === side ? 'won the game' : null;
  const vp = input.vp!; // checked by validate()
  const automatic = input.winner !== side ? `; ${readingTag('victoryAward', 'most-vp')}` : '';
  return vp[side] > vp[opponent(side)] ? `had the most VP (${vp[side]} to ${vp[opponent(side)]}${automatic})` : null;
}
