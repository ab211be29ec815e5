/**
 * Campaign statistics read from committed games and the ledger: each model's games
 * and kills (from the stored reports: a casualty is recorded once, on the victim, with who took it out), and each
 * model's progression in words. Voided games count for nothing.
 */
import { GameReport, campaignStatChanges, squadOfMember, type Honours, type ModelProjection } from '../../shared/rules';
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

/**
 * Characteristic changes a model carries (permanent injuries, advances, honours: shared/rules campaignStatChanges), so
 * a card or a roster sheet prints the profile as it plays with the changed values marked.
 */
export function statChanges(p: ModelProjection | undefined, honours: Honours | null | undefined): { stat: string; delta: number; max?: number; why: string }[] {
  return campaignStatChanges(p, honours).map((c) => ({ stat: c.stat, delta: c.delta ?? 0, ...(c.max !== undefined ? { max: c.max } : {}), why: c.why }));
}

/** A model's progression in words, for cards and histories. */
export function progressWords(p: ModelProjection | undefined, honourName: (id: string) => string, honours: Honours | null | undefined) {
  return {
    statChanges: statChanges(p, honours),
    exp: p?.exp ?? 0,
    level: p?.level ?? 0,
    injuries: (p?.permanentInjuries ?? []).map((i) => i.text),
    mauled: p?.mauled ? p.mauled.text : null,
    advances: (p?.advances ?? []).map((a) => `Level ${a.level}: ${[a.text, ...a.followUps.map((f) => f.text)].join(' ')}`),
    honours: (p?.honours ?? []).map((h) => honourName(h.honour)),
  };
}
