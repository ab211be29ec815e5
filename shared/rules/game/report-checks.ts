/**
 * Every check on a game report, cited to seeds 003 and 004 (issue 32: beside the report's shape in report.ts):
 * validateReport for anything (a file being imported), reportProblems for a report already parsed. Each problem is in
 * plain words; an empty list means scoreGame will score the report.
 */
import type { RollRecord } from '../dice';
import { DiceExpressionError, diceRange, parseDice, totalOf } from '../dice';
import { modelRef } from '../model-ref';
import type { Mission } from '../ruleset/schema';
import type { Side } from '../hor/facts';
import { GameFactsError, SIDES, opponent, sideName } from '../hor/facts';
import { MISSION_IDS, getMission, isMissionId } from '../hor/missions';
import { missionScoring } from '../hor/mission-scoring';
import { scoreMission } from '../hor/scoring';
import { CLUB_MISSION_IDS, clubMission, isClubMissionId } from '../club-8th/missions';
import type { ClubMission } from '../club-8th/missions';
import { PUSH_THEM_BACK_VP } from '../club-8th/battle';
import { squadOfMember, unitsDestroyed } from './squads';
import { GameReport, clubInputs, toGameFacts, type ModelReport } from './report';

/** A model in a problem: a reference the app renders with its name (model-ref.ts), never the bare id. */
const label = (m: Pick<ModelReport, 'id'>): string => modelRef(m.id);

/** Seed 003 checks (003 VICTORY CONDITIONS of each mission, ACCEPTABLE CASUALTIES, BATTLE LENGTH). */
function checkClubReport(report: GameReport, mission: ClubMission, add: (p: string) => void): void {
  const club = report.club8th;
  const unitsLost = (s: Side) => unitsDestroyed(report.models.filter((m) => m.side === s)).length;
  // Said when squad members are among the side's casualties: why they destroyed no unit.
  const squadNote = (s: Side) =>
    report.models.some((m) => m.tookPart && m.side === s && !m.aliveAtEnd && squadOfMember(m.id) !== null)
      ? ' (a squad is destroyed only when its last member is)'
      : '';
  if (!club) {
    add(`${mission.name}: record the victory points both teams scored.`);
    return;
  }
  const inputs = clubInputs(mission);
  const lastRound = mission.battleLength.lastRound;
  const markers = mission.battlefield.objectiveMarkers;
  // Capture the Data: at most 2 VP per marker per battle round; Push Them Back: every marker, from battle round 2.
  const objectiveMax = mission.victoryConditions.some((c) => c.id === 'capture-the-data')
    ? 2 * markers * lastRound
    : (lastRound - 1) * Object.values(PUSH_THEM_BACK_VP).reduce((x, y) => x + y, 0);
  for (const s of SIDES) {
    const own = club[s];
    const who = sideName(s);
    if (own.objectiveVp !== undefined) {
      if (inputs.objectiveVp === null) add(`${mission.name} scores no objective markers: remove ${who}'s objective VP.`);
      else if (own.objectiveVp > objectiveMax)
        add(`${who}'s ${inputs.objectiveVp} VP (${own.objectiveVp}) are more than ${lastRound} battle rounds can give (${objectiveMax}).`);
    }
    if (own.tacticalObjectiveVp !== undefined && !inputs.tacticalObjectiveVp)
      add(`${mission.name} has no Tactical Objectives: remove ${who}'s Tactical Objective VP.`);
    if (own.nominatedTypeAchieved !== undefined && !inputs.nominatedTypeAchieved)
      add(`Only Tactical Escalation scores Mission Priorities: remove ${who}'s nominated-type count.`);
    if (own.firstStrike !== undefined && !inputs.firstStrike && own.firstStrike) add(`${mission.name} has no First Strike: untick it for ${who}.`);
    // 003 counts units here: a squad is destroyed only when its last member is (squads.ts unitsDestroyed).
    if (own.firstStrike && unitsLost(opponent(s)) === 0) add(`${who} has First Strike, but no enemy unit was destroyed${squadNote(opponent(s))}.`);
    // (With no enemy casualty at all, the report's own First Blood check says so already.)
    const enemyCasualty = report.models.some((m) => m.tookPart && m.side === opponent(s) && !m.aliveAtEnd);
    if (inputs.firstBlood && report.sides[s].firstBlood && enemyCasualty && unitsLost(opponent(s)) === 0)
      add(`${who} has First Blood, but no enemy unit was destroyed${squadNote(opponent(s))}: in ${mission.name} First Blood is the first unit destroyed.`);
  }
  if (club.firstBloodSimultaneous) {
    if (report.sides.a.firstBlood || report.sides.b.firstBlood)
      add("First Blood is either one team's or both at once (units destroyed simultaneously), not both.");
    if (unitsLost('a') === 0 || unitsLost('b') === 0) add('First Blood at the same time needs a unit destroyed on each side.');
  }
  if (inputs.firstBlood && unitsLost('a') + unitsLost('b') > 0 && !report.sides.a.firstBlood && !report.sides.b.firstBlood && !club.firstBloodSimultaneous) {
    add(`${mission.name} scores First Blood: tick First Blood for the team that destroyed the first unit (or "at the same time").`);
  }
  if (report.ending.kind === 'mission-win')
    add(`${mission.name} has no outright mission win (seed 003): the game ends after its battle rounds and the victory points decide.`);
}

function checkRoll(r: RollRecord, i: number, problems: string[]): void {
  const where = `Roll ${i + 1} (${r.purpose || r.expression})`;
  let expr;
  try {
    expr = parseDice(r.expression);
  } catch (e) {
    if (e instanceof DiceExpressionError) {
      problems.push(`${where}: ${e.message}`);
      return;
    }
    throw e;
  }
  if (r.faces.length !== expr.count) {
    problems.push(
      `${where}: ${expr.text} needs ${expr.count} ${expr.count === 1 ? 'die' : 'dice'}, but ${r.faces.length} ${r.faces.length === 1 ? 'is' : 'are'} recorded.`,
    );
    return;
  }
  if (r.faces.some((f) => f > expr.sides)) {
    problems.push(`${where}: a D${expr.sides} cannot show ${Math.max(...r.faces)}.`);
    return;
  }
  const total = totalOf(expr, r.faces);
  if (total !== r.total) problems.push(`${where}: the dice ${r.faces.join(', ')} make ${total}, not ${r.total}.`);
  const range = diceRange(expr);
  if (r.total < range.min || r.total > range.max) problems.push(`${where}: ${r.total} is outside ${range.min}–${range.max}.`);
}

/**
 * Everything wrong with a report, in plain words; an empty list means the report is usable and scoreGame will
 * score it. Accepts anything (e.g. a file being imported): schema problems are reported too.
 *
 * @example
 * // report: the report of the reportFromPlan example (a Skirmish: Player A's a-boss killed Player B's b-sarge in melee)
 * validateReport(report); // → []
 * validateReport({ ...report, models: [...report.models, { ...report.models[0]!, side: 'b' }] })[0];
 * // → 'Model {model:a-boss} is on both sides (Player A and Player B).' (model-ref.ts: the app shows the name)
 */
export function validateReport(input: unknown, missions: readonly Mission[] = []): string[] {
  const parsed = GameReport.safeParse(input);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : 'report'}: ${i.message}`);
  return reportProblems(parsed.data, missions);
}

/**
 * validateReport for a report whose shape was checked already (the history's replay: an import parsed every report
 * as it read the file): the rules' checks without the schema's, which a ten-year replay would run 5,000 times over.
 */
export function reportProblems(report: GameReport, missions: readonly Mission[] = []): string[] {
  const problems: string[] = [];
  const add = (p: string) => {
    if (!problems.includes(p)) problems.push(p);
  };

  const club = isClubMissionId(report.missionId) ? clubMission(report.missionId) : null;
  // The ruleset's copy of the mission (a club's own mission, or house-ruled values), else seed 004's (issue 19).
  const hor = club ? null : (missions.find((m) => m.id === report.missionId) ?? (isMissionId(report.missionId) ? getMission(report.missionId) : null));
  if (!hor && !club) {
    add(
      `Mission "${report.missionId}" is not in the ruleset and not one of seed 004's missions (${MISSION_IDS.join(', ')}) or seed 003's (${CLUB_MISSION_IDS.join(', ')}): these rules cannot score it.`,
    );
  }
  const rules = missionScoring(hor ?? { id: report.missionId });
  const name = hor?.name ?? club?.name ?? report.missionId;
  if (!club && report.club8th !== undefined) add("Only the 8th-edition supplement's missions (seed 003) record their victory points by hand.");
  if (report.sides.a.teamId === report.sides.b.teamId) add(`Both sides are the same team (${report.sides.a.teamId}).`);

  // Models: unique ids, one side each.
  const byId = new Map<string, ModelReport>();
  for (const m of report.models) {
    const seen = byId.get(m.id);
    if (seen)
      add(seen.side === m.side ? `Model ${label(m)} is listed twice for ${sideName(m.side)}.` : `Model ${label(m)} is on both sides (Player A and Player B).`);
    else byId.set(m.id, m);
  }
  for (const side of SIDES) {
    if (!report.models.some((m) => m.side === side && m.tookPart)) add(`${sideName(side)} has no model that took part in the game.`);
  }

  for (const m of report.models) {
    const who = `Model ${label(m)}`;
    if (!m.tookPart) {
      const outcomes = [
        m.outOfAction != null && 'was taken out of action',
        (m.relicsCarried ?? 0) > 0 && 'carries relics',
        m.inEnemyDeploymentZone && 'is in the enemy deployment zone',
        m.withinSixOfDefenderCorner && 'is within 6" of the Defender\'s corner',
        m.destroyedObjectiveMarker && 'destroyed an objective marker',
        m.claimedObjective && 'claims an objective',
        m.lastStandRole !== undefined && 'has a Last Stand role',
        m.bannerBearer && 'carries the banner',
        m.notArrived && 'is marked as not arrived',
      ].filter((x): x is string => typeof x === 'string');
      if (outcomes.length > 0) add(`${who} did not take part in the game but ${outcomes.join(', ')}.`);
      continue;
    }
    if (m.aliveAtEnd && m.outOfAction != null) add(`${who} is alive at the end but was also taken out of action.`);
    if (m.notArrived) {
      const onTable = [
        !m.aliveAtEnd && 'was taken out of action',
        (m.relicsCarried ?? 0) > 0 && 'carries relics',
        m.inEnemyDeploymentZone && 'is in the enemy deployment zone',
        m.withinSixOfDefenderCorner && 'is within 6" of the Defender\'s corner',
        m.destroyedObjectiveMarker && 'destroyed an objective marker',
        m.claimedObjective && 'claims an objective',
        m.lastStandRole === 'defending' && "is one of the 'defending models' (deployed at the start)",
        m.bannerBearer && 'carries the banner',
        report.models.some((v) => v.outOfAction?.by === m.id) && 'took an enemy out of action',
      ].filter((x): x is string => typeof x === 'string');
      if (onTable.length > 0) add(`${who} never reached the table (still in reserve) but ${onTable.join(', ')}.`);
    }
    if (!m.aliveAtEnd && m.outOfAction == null) add(`${who} is a casualty: record how it was taken out of action (by whom, or misadventure).`);
    const ooa = m.outOfAction;
    if (ooa?.by != null) {
      const killer = byId.get(ooa.by);
      if (!killer) add(`${who} was taken out of action by ${modelRef(ooa.by)}, a model that is not in this game.`);
      else if (!killer.tookPart) add(`${who} was taken out of action by ${label(killer)}, a model that did not take part in the game.`);
      else if (killer.side === m.side)
        add(`${who} was taken out of action by ${label(killer)} from its own side: record friendly casualties as misadventure (by: nobody).`);
      if (ooa.misadventure) add(`${who} is marked as lost to misadventure but also as taken out by ${modelRef(ooa.by)}.`);
      if (ooa.by === m.id) add(`${who} cannot take itself out of action: record it as misadventure.`);
    }
    if (!m.aliveAtEnd) {
      const alive = [
        (m.relicsCarried ?? 0) > 0 && 'carries relics (a slain model drops them)',
        m.inEnemyDeploymentZone && 'is in the enemy deployment zone',
        m.withinSixOfDefenderCorner && 'is within 6" of the Defender\'s corner',
        m.claimedObjective && 'claims an objective',
      ].filter((x): x is string => typeof x === 'string');
      if (alive.length > 0) add(`${who} is a casualty but ${alive.join(', ')} at the end of the game.`);
    }
    if ((m.relicsCarried ?? 0) > 0 && rules.vpPerRelic === null) add(`${who} carries relics, but ${name} has no Relic counters.`);
    if (m.withinSixOfDefenderCorner && rules.automaticWin !== 'breakthrough')
      add(`${who} is marked within 6" of the Defender's corner, which only a breakthrough mission asks about.`);
    if (m.withinSixOfDefenderCorner && report.attacker !== undefined && m.side !== report.attacker)
      add(`${who} is marked within 6" of the Defender's corner, but only the Attacker's models count.`);
    if (m.destroyedObjectiveMarker && rules.vpForEnemyMarker === null) add(`${who} destroyed an objective marker, which ${name} does not score.`);
    if (m.claimedObjective && rules.vpPerClaimedMarker === null) add(`${who} claims an objective, which ${name} does not ask about.`);
    if (m.inEnemyDeploymentZone && !rules.deploymentZones)
      add(`${who} is marked in the enemy deployment zone, but ${name} is set up without deployment zones: untick it.`);
    if (m.lastStandRole !== undefined && rules.defendingModels === null) add(`${who} has a Last Stand role in a ${name} game.`);
    if (m.bannerBearer && rules.defendingModels === null) add(`${who} carries a banner, which ${name} does not have.`);
    if (m.lastStandRole !== undefined && report.attacker !== undefined && m.side === report.attacker)
      add(`${who} belongs to the attacker but has a Last Stand defender role.`);
  }

  // Mission facts.
  const needsAttacker = rules.attackerAndDefender;
  if (needsAttacker && report.attacker === undefined) add(`${name}: record which side is the attacker.`);
  if (!needsAttacker && report.attacker !== undefined)
    add(`${name} has no attacker: only missions with an Attacker and a Defender (Breakthrough, Last Stand) do.`);
  if (rules.vpPerRelic !== null && report.relicCount === undefined) add(`${name}: record how many Relic counters were placed.`);
  if (rules.vpPerRelic === null && report.relicCount !== undefined) add(`${name} has no Relic counters.`);
  if (rules.vpPerClaimedMarker !== null && report.objectives === undefined) add(`${name}: record who claims each objective marker.`);
  if (rules.vpPerClaimedMarker === null && report.objectives !== undefined) add(`${name} does not record who claims objective markers.`);
  if (rules.vpForEnemyMarker !== null) {
    for (const side of SIDES) {
      const n = report.models.filter((m) => m.tookPart && m.side === side && m.destroyedObjectiveMarker).length;
      if (n > 1) add(`${sideName(side)} has ${n} models marked as destroying the enemy objective marker: there is only one.`);
    }
  }
  if (rules.vpPerClaimedMarker !== null && report.objectives) {
    for (const side of SIDES) {
      const claims = report.objectives.filter((o) => o.claimedBy === side).length;
      const claimers = report.models.filter((m) => m.tookPart && m.side === side && m.aliveAtEnd && m.claimedObjective).length;
      const alive = report.models.filter((m) => m.tookPart && m.side === side && m.aliveAtEnd).length;
      if (claims > 0 && alive === 0) add(`${sideName(side)} claims ${claims} objective marker(s) with no model left alive.`);
      if (claimers > 0 && claims === 0)
        add(`${sideName(side)} has models marked as claiming an objective, but no objective marker is claimed by ${sideName(side)}.`);
    }
  }

  // Ending. 004 Step 5: "no model's left on the table" — models still in reserve are not on it (notArrived).
  const onTable = (side: Side) => report.models.filter((m) => m.tookPart && m.side === side && m.aliveAtEnd && !m.notArrived).length;
  const e = report.ending;
  if (e.kind === 'no-models-left' && onTable(e.side) > 0)
    add(`The game ended with ${sideName(e.side)} having no models left on the table, but ${onTable(e.side)} of its models are on it, alive.`);
  if (e.kind !== 'no-models-left') {
    for (const side of SIDES) {
      const took = report.models.some((m) => m.tookPart && m.side === side);
      if (took && onTable(side) === 0)
        add(`${sideName(side)} has no models left on the table: the game ended because ${sideName(side)} had no models left (004 Step 5).`);
    }
  }
  if (e.kind === 'mission-win' && rules.automaticWin === 'all-objectives' && report.gameTurns !== undefined && report.gameTurns < 3) {
    add(`${name} is only won by claiming all the objectives after the third turn.`);
  }

  // Per-side facts.
  if (report.sides.a.firstBlood && report.sides.b.firstBlood) add('Only one side can cause the first casualty (First Blood).');
  for (const side of SIDES) {
    const s = report.sides[side];
    const enemyCasualties = report.models.filter((m) => m.tookPart && m.side === opponent(side) && !m.aliveAtEnd).length;
    if (s.firstBlood && enemyCasualties === 0) add(`${sideName(side)} has First Blood but no enemy model was taken out of action.`);
    if (s.sweepingAdvance) {
      const routed = (e.kind === 'run-away' && e.side === opponent(side)) || (e.kind === 'no-models-left' && e.side === opponent(side));
      if (!routed) add(`${sideName(side)} has Sweeping Advance, but the opponent neither ran away nor was wiped out.`);
    }
  }

  if (club) checkClubReport(report, club, add);

  report.rolls.forEach((r, i) => checkRoll(r, i, problems));

  // The seed-004 rules' own checks (e.g. a banner-bearer who is not a Special model), so scoring never fails later.
  if (hor && problems.length === 0) {
    try {
      scoreMission(hor, toGameFacts(report));
    } catch (err) {
      if (!(err instanceof GameFactsError)) throw err;
      err.problems.forEach(add);
    }
  }
  return problems;
}
