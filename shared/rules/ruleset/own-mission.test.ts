/**
 * Issue 30 item 7: a mission made in House rules. A blank one is named in words until it is written; a copy of one of
 * seed 004's scores as the seed says until the club changes it.
 */
import { describe, expect, it } from 'vitest';
import { battleHonoursPreset } from '../presets';
import { getMission } from '../hor/missions';
import { scoreMission } from '../hor/scoring';
import { bonusCampaignExperience } from '../hor/experience';
import { Ruleset } from './schema';
import { checkRuleset } from './validate';
import { blankOwnMission, isOwnMission, ownCopyOf, takenMissionIds } from './own-mission';

describe("the club's own missions", () => {
  it('a blank mission is refused in words until it has a name and a summary (no schema path reaches the screen)', () => {
    const r = { ...battleHonoursPreset(), missions: [...battleHonoursPreset().missions, blankOwnMission('club-mission-1')] };
    const problems = checkRuleset(r).problems;
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join(' ')).not.toMatch(/missions\.\d/);
    expect(
      checkRuleset({ ...r, missions: [...battleHonoursPreset().missions, { ...blankOwnMission('purge', 'Purge'), summary: 'Destroy them.' }] }).problems,
    ).toEqual([]);
  });

  it("seed 004's missions are not the club's; their ids, and seed 003's, are never given to a new mission", () => {
    expect(isOwnMission({ id: 'relic-hunt' })).toBe(false);
    expect(isOwnMission({ id: 'purge' })).toBe(true);
    expect(takenMissionIds([{ id: 'purge' }])).toEqual(expect.arrayContaining(['skirmish', 'last-stand', 'purge', 'vital-intelligence']));
  });

  it('004 Mission 4 – Sabotage ("gains 3 VPs"; "+2 EXP" to the destroyer): a copy scores and awards as the seed until the club changes it', () => {
    const copy = ownCopyOf(getMission('sabotage'), 'sabotage-club', 'Sabotage (club)');
    expect(isOwnMission(copy)).toBe(true);
    expect(Ruleset.safeParse({ ...battleHonoursPreset(), missions: [...battleHonoursPreset().missions, copy] }).success).toBe(true);
    const facts = {
      ending: { kind: 'turns' as const },
      models: [
        { id: 'a-gun', side: 'a' as const, type: 'special' as const, aliveAtEnd: true, destroyedObjectiveMarker: true },
        { id: 'b-1', side: 'b' as const, type: 'core' as const, aliveAtEnd: true },
      ],
    };
    expect(scoreMission(copy, facts).vp).toEqual(scoreMission('sabotage', facts).vp);
    expect(bonusCampaignExperience(copy, facts).byModel).toEqual({ 'a-gun': 2 });
    expect(copy.citation).toMatchObject({ source: 'house rule', section: 'Sabotage (club)' });
  });
});
