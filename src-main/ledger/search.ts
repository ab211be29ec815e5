/**
 * Models found by name for the search palette (issue 31). A founded team's models, the dead and dismissed too, are in
 * its projection's directory (shared/rules TeamLedgerState): read here, as every read of team_projections is
 * (docs/architecture.md, Layers). A draft team's models are in its roster (src-main/repos/search.ts).
 */
import type { Db } from '../db/open';
import { rawStatement } from '../db/prepared';

export interface FoundModel {
  modelId: string;
  name: string;
  status: 'active' | 'dead' | 'dismissed';
  reserve: boolean;
  teamId: string;
  teamName: string;
  campaignId: string;
  campaignName: string;
}

/**
 * Models of founded teams whose name is LIKE `pattern` (escaped with `\`), those LIKE `prefix` first, then by name.
 * One pass over the directories' JSON: 40 teams and 1,263 models at ten years.
 */
export function modelsNamed(db: Db, pattern: string, prefix: string, limit: number): FoundModel[] {
  const rows = rawStatement(
    db,
    'search.foundedModels',
    `SELECT d.key AS modelId, json_extract(d.value, '$.name') AS name, json_extract(d.value, '$.status') AS status,
            json_extract(d.value, '$.reserve') AS reserve, t.id AS teamId, t.name AS teamName, c.id AS campaignId, c.name AS campaignName
       FROM team_projections p
       JOIN teams t ON t.id = p.team_id
       JOIN campaigns c ON c.id = t.campaign_id,
            json_each(p.state, '$.directory') d
      WHERE json_extract(d.value, '$.name') LIKE :pattern ESCAPE '\\'
      ORDER BY json_extract(d.value, '$.name') LIKE :prefix ESCAPE '\\' DESC, json_extract(d.value, '$.name') COLLATE NOCASE, t.name COLLATE NOCASE
      LIMIT :limit`,
  ).all({ pattern, prefix, limit }) as (Omit<FoundModel, 'reserve'> & { reserve: number | null })[];
  return rows.map((r) => ({ ...r, reserve: Boolean(r.reserve) }));
}
