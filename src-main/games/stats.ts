/**
 * Campaign statistics read from committed games and the ledger: each model's games
 * and kills (from the stored reports: a casualty is recorded once, on the victim, with who took it out), and each
 * model's progression in words. Voided games count for nothing.
 */
import { GameReport, squadOfMember, type ModelProjection } from '../../shared/rules';
import type { GameRow } from '../db/schema';

export interface ModelGameStats {
  games: number;
  kills: number;
  /** Game numbers the model took part in. */
  played: number[];
  /** Kills per game number. */
  killsIn: Map<number, number>;
}

/** Games and kills per model id, over the committed games. */
export function modelGameStats(games: readonly GameRow[]): Map<string, ModelGameStats> {
  const stats = new Map<string, ModelGameStats>();
  const of = (id: string) => {
    let s = stats.get(id);
    if (!s) stats.set(id, (s = { games: 0, kills: 0, played: [], killsIn: new Map() }));
    return s;
  };
  for (const g of games) {
    if (g.status !== 'committed' || g.report === null) continue;
    const report = GameReport.parse(g.report);
    // A Squad's members (shared/rules/game/squads.ts) count for their squad: one game, and every kill of a member.
    const unit = (id: string) => squadOfMember(id)?.squadId ?? id;
    const played = new Set<string>();
    for (const m of report.models) {
      if (!m.tookPart) continue;
      if (!played.has(unit(m.id))) {
        played.add(unit(m.id));
        const s = of(unit(m.id));
        s.games++;
        s.played.push(g.number);
      }
      const killer = m.outOfAction?.by;
      if (killer) {
        const k = of(unit(killer));
        k.kills++;
        k.killsIn.set(g.number, (k.killsIn.get(g.number) ?? 0) + 1);
      }
    }
  }
  return stats;
}

const STAT: Record<string, string> = { move: 'Move', ws: 'WS', bs: 'BS', s: 'S', t: 'T', w: 'W', i: 'I', a: 'A', ld: 'Ld' };

/**
 * Characteristic changes a model carries, read from result ids like "minus-1-ws" (a permanent injury) or
 * "plus-1-bs" (an advance), so a roster sheet can print the current profile with the changed values marked.
 */
export function statChanges(p: ModelProjection | undefined): { stat: string; delta: number; why: string }[] {
  const out: { stat: string; delta: number; why: string }[] = [];
  const read = (id: string, why: string) => {
    const m = /^(minus|plus)-(\d+)-([a-z]+)$/.exec(id);
    const stat = m ? STAT[m[3]!] : undefined;
    if (m && stat) out.push({ stat, delta: (m[1] === 'minus' ? -1 : 1) * Number(m[2]), why });
  };
  for (const i of p?.permanentInjuries ?? []) read(i.characteristic, `Permanent injury: ${i.text}`);
  for (const a of p?.advances ?? []) {
    read(a.result, `Level ${a.level} advance: ${a.text}`);
    for (const f of a.followUps) read(f.result, `Level ${a.level} advance: ${f.text}`);
  }
  return out;
}

/** A model's progression in words, for cards and histories. */
export function progressWords(p: ModelProjection | undefined, honourName: (id: string) => string) {
  return {
    statChanges: statChanges(p),
    exp: p?.exp ?? 0,
    level: p?.level ?? 0,
    injuries: (p?.permanentInjuries ?? []).map((i) => i.text),
    mauled: p?.mauled ? p.mauled.text : null,
    advances: (p?.advances ?? []).map((a) => `Level ${a.level}: ${[a.text, ...a.followUps.map((f) => f.text)].join(' ')}`),
    honours: (p?.honours ?? []).map((h) => honourName(h.honour)),
  };
}
