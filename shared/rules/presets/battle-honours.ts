/**
 * Preset "HoR campaign, Battle Honours" (docs/progression.md: the public Heralds of Ruin campaign rules of
 * January 2018). Complete; the default for a new campaign. Every number below is from docs/progression.md.
 */
import type { Citation, DiceTable, Honour, HonourGroup, Progression, Ruleset } from '../ruleset/schema';
import { RULESET_SCHEMA_VERSION } from '../ruleset/schema';
import { horCoreRules } from '../hor/core';

const PRESET = 'Preset "HoR campaign, Battle Honours"';
const cite = (section: string, note?: string): Citation =>
  note === undefined ? { source: 'PROGRESSION.md', section: `${PRESET} / ${section}` } : { source: 'PROGRESSION.md', section: `${PRESET} / ${section}`, note };

export const BATTLE_HONOURS_ID = 'hor-battle-honours';

/** Core: D6 — 1–2 dead (removed from the roster); 3–6 full recovery. */
const CORE_INJURY: DiceTable = {
  id: 'bh-injury-core',
  name: 'Injury (Core)',
  expression: 'D6',
  rows: [
    { from: 1, to: 2, result: 'dead', text: 'Dead: removed from the roster.' },
    { from: 3, to: 6, result: 'full-recovery', text: 'Full recovery.' },
  ],
  citation: cite('Injuries'),
};

const PERMANENT_INJURY: DiceTable = {
  id: 'bh-permanent-injury',
  name: 'Permanent injury',
  expression: 'D6',
  rows: [
    { from: 1, to: 1, result: 'minus-1-move', text: '-1 Move' },
    { from: 2, to: 2, result: 'minus-1-ws', text: '-1 WS' },
    { from: 3, to: 3, result: 'minus-1-bs', text: '-1 BS' },
    { from: 4, to: 4, result: 'minus-1-s', text: '-1 S' },
    { from: 5, to: 5, result: 'minus-1-t', text: '-1 T' },
    { from: 6, to: 6, result: 'minus-1-a', text: '-1 A' },
  ],
  citation: cite('Injuries'),
};

const MAULED: DiceTable = {
  id: 'bh-mauled',
  name: 'Mauled (next game only)',
  expression: 'D6',
  rows: [
    { from: 1, to: 2, result: 'incapacitated', text: 'Incapacitated: sits the next game out.' },
    { from: 3, to: 4, result: 'winded', text: 'Winded: -2 Move for the next game.' },
    { from: 5, to: 6, result: 'wounded-pride', text: 'Wounded pride: -2 Ld for the next game.' },
  ],
  citation: cite('Injuries'),
};

/** Team Leader and Special: D66 (tens die, then units die). One table serves both model types. */
const LEADER_SPECIAL_INJURY: DiceTable = {
  id: 'bh-injury-leader-special',
  name: 'Injury (Team Leader and Special)',
  expression: 'D66',
  rows: [
    { from: 11, to: 13, result: 'dead', text: 'Dead: removed from the roster.' },
    { from: 14, to: 16, result: 'permanent-injury', text: 'Permanent injury: roll a D6 on the permanent injury table.', followUpTable: PERMANENT_INJURY.id },
    { from: 21, to: 26, result: 'mauled', text: 'Mauled for the next game only: roll a D6 on the mauled table.', followUpTable: MAULED.id },
    { from: 31, to: 66, result: 'full-recovery', text: 'Full recovery.' },
  ],
  citation: cite('Injuries', 'The printed table starts "mauled" at 22 and leaves 21 uncovered; 21 is treated as mauled here.'),
  note: 'The printed table starts "mauled" at 22 and leaves 21 uncovered; this preset treats 21 as mauled.',
};

const h = (id: string, name: string, cost: number, extra: Partial<Honour> = {}): Honour => ({ id, name, cost, repeatable: false, ...extra });

const HONOUR_GROUPS: HonourGroup[] = [
  {
    id: 'kill-team',
    name: 'Kill Team',
    scope: 'team',
    honours: [
      h('the-specialist', 'The Specialist', 25, { effect: '+1 Special slot', repeatable: true }),
      h('additional-training', 'Additional Training', 20),
      h('critical-personnel', 'Critical Personnel', 15, { repeatable: true }),
      h('medical-gear', 'Medical Gear', 20, { effect: 'One injury re-roll per battle.' }),
      h('honed-veteran', 'Honed Veteran', 10),
      h('deadly-veteran', 'Deadly Veteran', 10),
      h('restorative-surgery', 'Restorative Surgery', 10, { effect: 'Removes one permanent injury.' }),
    ],
  },
  {
    id: 'leadership',
    name: 'Leadership',
    scope: 'general',
    honours: [
      h('strident-voice', 'Strident Voice', 10, { effect: '+1 Ld', stats: { Ld: 1 } }),
      h('master-tactician', 'Master Tactician', 30),
      h('warplate', 'Warplate', 10, { restriction: 'Team Leader only' }),
      h('fire-mission', 'Fire Mission', 25),
      h('tip-of-the-spear', 'Tip of the Spear', 25),
      h('precision-engagement', 'Precision Engagement', 15),
      h('get-stuck-in', 'Get Stuck In', 15),
    ],
  },
  {
    id: 'psychic',
    name: 'Psychic',
    scope: 'general',
    restriction: 'Psykers only',
    honours: [
      h('open-mind', 'Open Mind', 10),
      h('master-psyker', 'Master Psyker', 15),
      h('alpha-psyker', 'Alpha Psyker', 25),
      h('power-surge', 'Power Surge', 15),
      h('mirror-psyker', 'Mirror Psyker', 15),
      h('battle-psyker', 'Battle Psyker', 8),
    ],
  },
  {
    id: 'strength',
    name: 'Strength',
    scope: 'general',
    honours: [
      h('furious-charge', 'Furious Charge', 5),
      h('mighty-blow', 'Mighty Blow', 5),
      h('blademaster', 'Blademaster', 5),
      h('earth-stance', 'Earth Stance', 10),
      h('haymaker', 'Haymaker', 8),
      // docs/progression.md prints "Iron Jaw 10 (+1 W, max 3)": the honour is not marked repeatable, so it is bought once
      // like any other, and "max 3" is read as the most Wounds it gives (docs/decisions.md "Honours on the profile").
      h('iron-jaw', 'Iron Jaw', 10, { effect: '+1 W, max 3', stats: { W: 1, max: 3 } }),
      h('murdersprint', 'Murdersprint', 10),
    ],
  },
  {
    id: 'unconventional-warfare',
    name: 'Unconventional Warfare',
    scope: 'general',
    honours: [
      h('free-runner', 'Free Runner', 5),
      h('hammer-of-wrath', 'Hammer of Wrath', 5),
      h('lightning-assault', 'Lightning Assault', 8),
      h('recon', 'Recon', 5),
      h('dance-of-death', 'Dance of Death', 10),
      h('counter-attack', 'Counter Attack', 5),
      h('wind-stance', 'Wind Stance', 10),
      h('elusive', 'Elusive', 5),
      h('scout', 'Scout', 5),
    ],
  },
  {
    id: 'speed',
    name: 'Speed',
    scope: 'general',
    honours: [
      h('fast-mover', 'Fast Mover', 5, { effect: '+2" Move', stats: { Move: 2 } }),
      h('run-and-gun', 'Run and Gun', 5),
      h('bounding-charge', 'Bounding Charge', 5),
      h('dash', 'Dash', 5),
      h('water-stance', 'Water Stance', 12),
      h('flow-like-blood', 'Flow Like Blood', 10),
      h('gunfighter', 'Gunfighter', 10),
    ],
  },
  {
    id: 'combat',
    name: 'Combat',
    scope: 'general',
    honours: [
      h('combat-monster', 'Combat Monster', 5),
      h('duelist', 'Duelist', 5),
      h('arsenal-of-war', 'Arsenal of War', 5),
      h('combat-master', 'Combat Master', 15),
      h('follow-up', 'Follow Up', 10),
      h('fire-stance', 'Fire Stance', 10),
    ],
  },
  {
    id: 'shooting',
    name: 'Shooting',
    scope: 'general',
    honours: [
      h('deadeye', 'Deadeye', 5),
      h('disciplined-fire', 'Disciplined Fire', 5),
      h('far-sight', 'Far Sight', 8),
      h('mad-minute', 'Mad Minute', 10),
      h('master-blaster', 'Master Blaster', 5),
      h('penetrating-shot', 'Penetrating Shot', 5),
      h('point-blank', 'Point Blank', 8),
    ],
  },
  {
    id: 'skill',
    name: 'Skill',
    scope: 'general',
    honours: [
      h('grenadier', 'Grenadier', 5),
      h('heavy-weapon-specialist', 'Heavy Weapon Specialist', 8),
      h('weapons-tech', 'Weapons Tech', 8),
      h('tactical-presence', 'Tactical Presence', 5),
      h('ring-general', 'Ring General', 5),
      h('master-healer', 'Master Healer', 5),
      h('taunt', 'Taunt', 10),
    ],
  },
];

const reqCite = cite('Requisition awards');

function battleHonoursProgression(): Progression {
  return {
    system: 'battle-honours',
    // No fixed EXP awards in this preset: EXP from the seed's missions is still recorded (missionBonuses).
    experience: { awards: [], missionBonuses: true },
    levelThresholds: [],
    advanceTable: null,
    skills: [],
    injuries: { 'team-leader': LEADER_SPECIAL_INJURY, special: LEADER_SPECIAL_INJURY, core: CORE_INJURY },
    injuryFollowUps: [PERMANENT_INJURY, MAULED],
    requisition: {
      awards: [
        { id: 'took-part', name: 'Took part', req: 20, condition: 'Played the mission.', citation: reqCite },
        { id: 'victory', name: 'Victory', req: 10, condition: 'Most VP.', citation: reqCite },
        { id: 'stalemate', name: 'Stalemate', req: 5, condition: 'Each player, when VP are tied.', citation: reqCite },
        { id: 'assassin', name: 'Assassin', req: 10, condition: 'Enemy Team Leader removed as a casualty.', citation: reqCite },
        { id: 'considerate-commander', name: 'Considerate Commander', req: 10, condition: '75% of own models survived.', citation: reqCite },
        { id: 'sweeping-advance', name: 'Sweeping Advance', req: 5, condition: 'Routed the opponent off the table.', citation: reqCite },
        { id: 'first-blood', name: 'First Blood', req: 5, condition: 'Caused the first casualty.', citation: reqCite },
        { id: 'linebreaker', name: 'Linebreaker', req: 5, condition: 'A model in the enemy deployment zone at the end.', citation: reqCite },
        {
          id: 'mistakes-were-made',
          name: 'Mistakes Were Made',
          req: 10,
          condition: 'Lost 3+ models by misadventure (Gets Hot, falls, failed jumps…).',
          citation: reqCite,
        },
        { id: 'kayfabe', name: 'Kayfabe', req: 10, condition: 'Awarded by the opponent for playing in character.', citation: reqCite },
      ],
      multipliers: [{ id: 'underdog', name: 'Underdog', factor: 1.5, condition: 'The team with the lowest Threat in the campaign.', citation: reqCite }],
      chart: null,
      // This preset has fixed awards instead of a requisition chart; relic cash-in (seed 004) is added after them.
      usesChart: false,
    },
    honours: {
      groups: HONOUR_GROUPS,
      caps: [
        { modelType: 'team-leader', maxGroups: 4, maxHonours: 'unlimited' },
        { modelType: 'special', maxGroups: 3, maxHonours: 4 },
        { modelType: 'special-as-core', maxGroups: 2, maxHonours: 3 },
        { modelType: 'core', maxGroups: 1, maxHonours: 2 },
      ],
      eliteSurcharge: {
        req: 5,
        conditions: [
          'a 2+ armour save',
          'a 3+ invulnerable save',
          'unmodified S or T of 5+',
          '2+ wounds and the Fly keyword',
          '3+ wounds',
          'any aura other than Inspiring Presence',
          'an ability that gives enemies a hit penalty',
          '(also if it meets a condition later)',
        ],
      },
      rules: [
        'Honours are bought with Req; the model must have survived its last game, including its injury roll.',
        'Each honour once per model unless it says otherwise.',
        "All models may use the general groups plus their faction's.",
        'Reserve models cannot gain honours; a dead or dismissed model loses all its gear and honours.',
        "Honours don't count toward the team's points.",
      ],
      citation: cite('Battle Honours'),
    },
    notes: [
      'A team is the models taken to one game, 200–400 pts; honours do not count toward it. A roster holds at most 400 pts of models and gear (honours excluded).',
      'Threat = the team points including honours ÷ 100, rounded up (a new team is 3). The team with the lowest Threat in the campaign is the Underdog (Req ×1.5).',
      'Loop: build a 250-pt team (no honours at creation) → play → injuries → earn and spend Req → repeat.',
      'If the Team Leader dies, buy a new one or promote a Special model.',
      'Tactical Reserves: models or gear can be dismissed or parked in reserve; reserves do not count toward Threat; parked gear can later go to any eligible model without paying again.',
      'Re-rolls of injuries: the Medical Gear honour (one injury re-roll per battle).',
      'Faction honour lists exist too: add them as honour groups with scope "faction".',
    ],
  };
}

/**
 * The "HoR campaign, Battle Honours" preset (docs/progression.md, complete; the default for a new campaign): seed 004's core
 * rules plus the January 2018 progression tables. A fresh copy each call.
 *
 * @example
 * battleHonoursPreset().progression.system; // → 'battle-honours'
 * missingTables(battleHonoursPreset()); // → []
 */
export function battleHonoursPreset(): Ruleset {
  return {
    id: BATTLE_HONOURS_ID,
    name: 'HoR campaign, Battle Honours',
    version: '1.0.0',
    schemaVersion: RULESET_SCHEMA_VERSION,
    description:
      'Heralds of Ruin Kill Team core rules v2.1 (seed 004) with the public Heralds of Ruin campaign rules of January 2018: requisition awards, Underdog, injuries per model type and Battle Honours. The default for a new campaign.',
    ...horCoreRules(),
    progression: battleHonoursProgression(),
  };
}
