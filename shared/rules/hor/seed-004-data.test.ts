/**
 * Seed 004 rules that are data only (distances, texts, flags the app shows or checks against): each is cited here so
 * the README's seed index can point every rule at a test.
 */
import { describe, expect, it } from 'vitest';
import { RESERVES_TABLE } from '../mission-pack/reserves';
import { BUILT_UP_AREA_MISHAP_MODIFIER, LAST_STAND_REINFORCEMENTS_TABLE } from './kill-team-rules';
import { A_TEAM_OF_HEROES, MODEL_SPECIAL_RULE_IDS, MODEL_TYPES } from './model-types';
import { BREAKTHROUGH, LAST_STAND, RELIC_HUNT, SABOTAGE, SEIZE_GROUND } from './missions';
import { OPTIONAL_RULES } from './optional-rules';
import { BOARD_SIZE_INCHES, DEPLOYMENT_ZONE_INCHES, MISSIONS_WITH_OWN_DEPLOYMENT } from './setup';
import { BANNER, REINFORCEMENTS, RELICS, SPECIAL_RULES, STUBBORN_NEAR_OBJECTIVE } from './special-rules';

const rule = (id: string) => SPECIAL_RULES.find((r) => r.id === id);

describe('004 rules kept as data', () => {
  it('004 A Team of Heroes: every model acts independently as a single model unit', () => {
    expect(A_TEAM_OF_HEROES.text).toMatch(/single model units in all respects/);
    expect(A_TEAM_OF_HEROES.citation).toEqual({ source: '004', section: 'A Team of Heroes' });
  });

  it('004 Characters: only Team Leaders are Characters; Look Out, Sir from the closest friendly model within 6"', () => {
    const leader = MODEL_TYPES.find((t) => t.id === 'team-leader');
    expect(leader?.citation.section).toBe('Characters');
    expect(leader?.rules.join(' ')).toMatch(/only models classed as Characters/);
    expect(leader?.rules.join(' ')).toMatch(/within 6" to take a hit during Look Out, Sir/);
  });

  it('004 Inspiring Presence, Non-Learning, Non-Flammable, Squad: the unique model special rules, each citing its heading', () => {
    expect([...MODEL_SPECIAL_RULE_IDS]).toEqual(['inspiring-presence', 'non-learning', 'non-flammable', 'squad']);
    expect(MODEL_SPECIAL_RULE_IDS.map((id) => rule(id)?.citation.section)).toEqual(['Inspiring Presence', 'Non-Learning', 'Non-Flammable', 'Squad']);
    expect(rule('inspiring-presence')?.text).toMatch(/within 6" of the Team Leader/);
    expect(rule('non-flammable')?.text).toMatch(/passes all Initiative tests caused by the Flamer rule/);
  });

  it("004 Step 1 – Setup the Battlefield: a 4'x 4' board", () => {
    expect(BOARD_SIZE_INCHES).toEqual({ width: 48, depth: 48 });
  });

  it('004 Step 3 - Deploy Kill Teams: zones extend 18" from a corner; Breakthrough and Last Stand ignore Step 3', () => {
    expect(DEPLOYMENT_ZONE_INCHES).toBe(18);
    expect([...MISSIONS_WITH_OWN_DEPLOYMENT]).toEqual(['breakthrough', 'last-stand']);
  });

  it('004 Kill Team Special Rules: Reserves use the 000 table; Built-up Area mishaps take -1; Last Stand groups arrive on 3+', () => {
    expect(RESERVES_TABLE.arrivesOn).toEqual([null, 4, 3, 2]);
    expect(BUILT_UP_AREA_MISHAP_MODIFIER).toBe(-1);
    expect(LAST_STAND_REINFORCEMENTS_TABLE).toMatchObject({
      arrivesOn: [null, 3],
      citation: { source: '004', section: 'Mission 6: Last Stand / Special Rules' },
    });
  });

  it('004 Mission 2: Relic Hunt / Special Rules: counters more than 6" from the edge and 6" apart; a carrier never moves more than 6"', () => {
    expect(RELIC_HUNT.counters).toEqual([{ kind: 'relic', count: 'D3+2', placement: 'More than 6" from the table edge and at least 6" from each other.' }]);
    expect(RELICS.text).toMatch(/cannot Run or Turbo-boost and never moves more than 6"/);
    expect(RELICS.text).toMatch(/kills an enemy in combat captures its relics/);
  });

  it('004 Mission 3: Breakthrough / Special Rules: the Attacker sets up within 12" of his corner, the Defender 18" from any attacker', () => {
    expect(BREAKTHROUGH.setup.join(' ')).toMatch(/within 12" of the corner/);
    expect(BREAKTHROUGH.setup.join(' ')).toMatch(/at least 18" away from any attacker/);
  });

  it('004 Mission 4 – Sabotage / Special Rules: one marker each in the own zone, Armour Value 10, own models within 6" are Stubborn', () => {
    expect(SABOTAGE.counters).toEqual([
      { kind: 'objective', count: 2, placement: 'One per player, in their own deployment zone, more than 6" from the table edge.' },
    ]);
    expect(STUBBORN_NEAR_OBJECTIVE.text).toMatch(/Armour Value 10 and may only be destroyed in the Assault phase/);
    expect(STUBBORN_NEAR_OBJECTIVE.text).toMatch(/within 6" of its own objective marker gains the Stubborn/);
  });

  it('004 Mission 5 – Seize Ground: markers more than 6" from the edge and 10" apart; claimed within 2" with no enemy within 2"', () => {
    expect(SEIZE_GROUND.counters[0]).toMatchObject({
      kind: 'objective',
      count: 'D3+2',
      placement: 'More than 6" from the table edge and at least 10" from each other.',
    });
    expect(SEIZE_GROUND.victoryPoints.join(' ')).toMatch(/within 2" of an objective .* no enemies also within 2"/);
  });

  it('004 Mission 6: Last Stand / Defensive Terrain, Deployment, Special Rules: cover in the centre, 6" and 24", banner and reinforcements', () => {
    const setup = LAST_STAND.setup.join(' ');
    expect(setup).toMatch(/at least a 5\+ cover save/);
    expect(setup).toMatch(/Ignore all special rules that dictate deployment/);
    expect(setup).toMatch(/within 6" of the centre/);
    expect(setup).toMatch(/more than 24" away from any defending model/);
    expect(BANNER.text).toMatch(/within 6" the Fearless special rule/);
    expect(REINFORCEMENTS.text).toMatch(/on a 3\+ it arrives using the Reserve rules/);
    expect(REINFORCEMENTS.text).toMatch(/within 2" of another model of its group/);
  });

  it('004 Optional Rules: Weather, the Injury rules and Destructible Terrain are off unless the players agree', () => {
    expect(OPTIONAL_RULES.map((o) => [o.id, o.enabledByDefault])).toEqual([
      ['weather', false],
      ['in-game-injuries', false],
      ['destructible-terrain', false],
    ]);
  });
});
